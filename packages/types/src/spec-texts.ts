/**
 * Every visible text the product's requirements fix word for word, typos
 * included ('Delevered', 'successfull', 'Addeded', 'PHone'): they are part of
 * the contract (docs/requirements.md, docs/decisions/005-spec-texts-verbatim.md).
 * Code and tests import them from here; never "fix" one.
 */
export const SPEC_TEXTS = {
  brand: 'Smart Zone',
  /** Every page title reads "{title}-Smart-Zone". */
  pageTitle: (title: string) => `${title}-Smart-Zone`,

  carouselCaptions: ['Iphone', 'Samsung Smart PHone', 'One Plus'],
  homeInventoryHeading: 'Inventory',
  manageInventoriesButton: 'Manage Inventories',
  detailsButton: 'Details',
  addNewItemButton: 'Add New Item',

  updateButton: 'Update',
  deliveredButton: 'Delevered',
  deleteButton: 'Delete',
  deleteQuestion: 'Are you sure you want to delete?',

  nav: {
    home: 'Home',
    inventory: 'Inventory',
    blogs: 'Blogs',
    about: 'About',
    manageInventories: 'Manage Inventories',
    addNewItem: 'Add NewItem',
    myItem: 'My Item',
    signIn: 'Sign in',
    signUp: 'Sign up',
  },
  openingHours: 'Sun-Fri at 10am',

  notFoundTitle: 'Page Not Found',
  notFoundSorry: 'Sorry',

  emailNotVerified: 'Your Email is not verified!!',
  verificationEmailSent: 'Email Sent ...',
  noUserLoggedIn: 'No user is logged in',
  resetPasswordButton: 'Reset Password',
  resetNeedsEmail: 'please enter your email address',
  resetEmailSent: 'Sent email',
  registerButton: 'Register',
  termsAndConditions: 'Terms and Conditions',
  /** Sign-in and Google sign-in errors, in red. */
  authError: (message: string) => `Error: ${message}`,

  deliverySuccess: 'Your delevery is successfull',
  itemAdded: 'Successfully Addeded your item',
} as const;

/** The product's fixed numbers. */
export const SPEC_LIMITS = {
  homeItemCount: 6,
  carouselIntervalMs: 5000,
  toastAutoCloseMs: 5000,
} as const;
