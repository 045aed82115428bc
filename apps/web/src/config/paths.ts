/**
 * Every route of the app, named once: `path` is the router pattern, `href`
 * builds a link to it. Links and redirects use these, never a typed string.
 * Routes match case-insensitively (React Router's default).
 */
export const paths = {
  root: { path: '/', href: () => '/' },
  home: { path: '/home', href: () => '/home' },
  inventory: {
    list: { path: '/inventory', href: () => '/inventory' },
    detail: {
      path: '/inventory/:inventoryId',
      href: (id: string) => `/inventory/${encodeURIComponent(id)}`,
    },
  },
  delivery: {
    path: '/inventoryDetails/:inventoryId',
    href: (id: string) => `/inventoryDetails/${encodeURIComponent(id)}`,
  },
  manageInventories: {
    path: '/manageInventories',
    href: () => '/manageInventories',
    /** The home page's button writes it in lower case, as the product always has; it lands all the same. */
    homeButtonHref: () => '/manageinventories',
    /** The list narrowed to what one location holds (`deep`: the locations inside it too; off: `&deep=0`). */
    atLocationHref: (id: string, deep = true) =>
      `/manageInventories?location=${encodeURIComponent(id)}${deep ? '' : '&deep=0'}`,
  },
  /** Staff: every low item, what is missing most first, and its CSV. */
  reorderList: { path: '/manageInventories/reorder', href: () => '/manageInventories/reorder' },
  /** Managers: add and update items from a CSV file (checked first, then applied). */
  importItems: { path: '/manageInventories/import', href: () => '/manageInventories/import' },
  addNewItem: {
    path: '/addNewItem',
    href: () => '/addNewItem',
    /** The form with `code` filled in as the new item's barcode (an unknown code read on the Scan screen). */
    withBarcodeHref: (code: string) => `/addNewItem?${new URLSearchParams({ barcode: code }).toString()}`,
  },
  /**
   * Staff's own page (issue 36): the open alerts, today's movements, the open counts, search and scan; where a
   * sign-in that came from no page lands them.
   */
  today: { path: '/today', href: () => '/today' },
  /** Staff: the warehouse at a glance (figures, 30 days of movements, top movers). */
  dashboard: { path: '/dashboard', href: () => '/dashboard' },
  /** Staff: read a code with the camera (or type it): the item's card and its stock actions in place. */
  scan: { path: '/scan', href: () => '/scan' },
  /** Staff: where stock is kept, the tree under Main (`?in=` the location open, `?q=` a search); managers change it. */
  locations: {
    path: '/locations',
    href: () => '/locations',
    /** The page open at one location (Main's is the page itself); a location label's QR code names it too. */
    openHref: (id: string) => `/locations?in=${encodeURIComponent(id)}`,
    /** The location open in "scan items into it" mode: its items' codes, read one after another, moved there at once. */
    scanIntoHref: (id: string) => `/locations?in=${encodeURIComponent(id)}&scan=1`,
  },
  /** Stock counts (issue 35): clerks count the open sessions' lines; managers open, review and apply them. */
  counts: {
    list: { path: '/counts', href: () => '/counts' },
    /** One session, counted on a phone: scan, type or set each line. */
    count: { path: '/counts/:countId', href: (id: string) => `/counts/${encodeURIComponent(id)}` },
    /** Managers: what the session found off the ledger, its count sheet, and apply or cancel. */
    review: { path: '/counts/:countId/review', href: (id: string) => `/counts/${encodeURIComponent(id)}/review` },
  },
  /** Staff: the low-stock alerts, newest first. */
  alerts: { path: '/alerts', href: () => '/alerts' },
  myItem: { path: '/myitem', href: () => '/myitem' },
  /** Every delivery (readDeliveries), filtered and paged in the address. */
  deliveries: { path: '/deliveries', href: () => '/deliveries' },
  /** Who changed what (readOwnAudit: below a manager, one's own entries). */
  audit: { path: '/audit', href: () => '/audit' },
  /** The owner's team: members, invitations, roles. */
  team: { path: '/team', href: () => '/team' },
  blogs: { path: '/blogs', href: () => '/blogs' },
  about: { path: '/about', href: () => '/about' },
  aboutUs: { path: '/aboutus', href: () => '/aboutus' },
  login: { path: '/login', href: () => '/login' },
  signUp: { path: '/signup', href: () => '/signup' },
  notFound: { path: '*' },
} as const;
