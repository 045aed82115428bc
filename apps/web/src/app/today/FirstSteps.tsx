import { SYSTEM_ACTOR } from '@smart-zone/types/item';
import Card from 'react-bootstrap/Card';
import { EmptyWarehouseCard } from '../../components/EmptyWarehouseCard';
import { LinkButton } from '../../components/LinkButton';
import { paths } from '../../config/paths';
import { useAudit } from '../../features/audit/api/get-audit';
import { useDemoData } from '../../lib/demo-data';
import { mayUse, useAccess } from '../../lib/auth/get-me';

/**
 * Whether the shop has its first own item: someone (not the demo data or the seed, whose entries are the system's)
 * added or imported one. The newest `item.create` of the audit tells (GET /audit?action=item.create&limit=1,
 * readAudit): the demo items are the shop's first, so any item a person adds comes after them. Undefined until
 * the API answers.
 */
function useHasOwnItem(enabled = true): boolean | undefined {
  const created = useAudit({ action: 'item.create', limit: 1 }, { enabled });
  if (!created.data) return created.isError ? true : undefined; // no answer: no card

  const [newest] = created.data.items;
  return newest !== undefined && newest.actor.email !== SYSTEM_ACTOR.email;
}

/** The steps, each offered to the roles that may take it (the owner invites, managers and the owner add). */
const STEPS = [
  {
    to: paths.addNewItem.href(),
    label: 'Add your first item',
    why: 'Its name, price and stock; its barcode, if it has one.',
    owner: false,
  },
  {
    to: paths.importItems.href(),
    label: 'Import a CSV',
    why: 'The whole catalogue at once, from a spreadsheet.',
    owner: false,
  },
  {
    to: paths.team.href(),
    label: 'Invite your team',
    why: 'Clerks restock, deliver and count; managers also run the catalogue.',
    owner: true,
  },
] as const;

/**
 * Whether the page knows what its first steps show (TodayPage waits for it: the card, when it comes, sits above
 * the rest): whether the shop has its own item yet, and, when not, whether the owner's empty-warehouse action is
 * there.
 */
export function useFirstStepsKnown(): boolean {
  const access = useAccess();
  const asks = mayUse(access, 'manageItems');
  const hasOwnItem = useHasOwnItem(asks);
  const owner = mayUse(access, 'clearDemo');
  const demo = useDemoData(owner && hasOwnItem === false);
  if (!asks) return true;
  if (hasOwnItem === undefined) return false;
  return hasOwnItem || !owner || !demo.isPending;
}

/**
 * The owner's and managers' first steps (issue 36), on Today until the shop has its first own item: add it, import
 * the catalogue, invite the team (the owner), and, while only the demo items are there, clear them
 * (EmptyWarehouseCard, the owner's).
 */
export function FirstSteps() {
  const access = useAccess();
  if (!mayUse(access, 'manageItems')) return null;
  return <Steps owner={mayUse(access, 'manageTeam')} />;
}

function Steps({ owner }: { owner: boolean }) {
  const hasOwnItem = useHasOwnItem();
  if (hasOwnItem !== false) return null;
  return (
    <Card
      as="section"
      aria-labelledby="first-steps-title"
      className="shadow-sm mb-4 border-primary"
      data-testid="first-steps"
    >
      <Card.Body>
        <h2 id="first-steps-title" className="h5">
          First steps
        </h2>
        <p className="text-secondary">This shop has no item of its own yet. Start here:</p>
        <ol className="list-unstyled d-grid gap-3 mb-0 first-steps">
          {STEPS.filter((step) => owner || !step.owner).map((step, index) => (
            <li key={step.to} className="d-flex flex-wrap align-items-center gap-2">
              <LinkButton
                to={step.to}
                variant={index === 0 ? 'primary' : 'outline-primary'}
                className="touch-target d-inline-flex align-items-center"
              >
                {step.label}
              </LinkButton>
              <span className="small text-secondary">{step.why}</span>
            </li>
          ))}
        </ol>
        <div className="mt-3 first-steps-empty">
          <EmptyWarehouseCard />
        </div>
      </Card.Body>
    </Card>
  );
}
