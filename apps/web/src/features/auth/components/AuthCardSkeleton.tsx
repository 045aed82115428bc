import { ButtonBar, FieldSkeleton, Line, Skeleton } from '../../../components/Skeleton';

/**
 * The sign-in (2 fields) and sign-up (3 fields and the terms box) cards as
 * grey shapes, while their code loads: the same card, title, fields, button,
 * links and Google button.
 */
export function AuthCardSkeleton({ fields, terms = false }: { fields: number; terms?: boolean }) {
  return (
    <Skeleton label="Loading the page...">
      <div className="card mx-auto shadow-sm" style={{ maxWidth: 440 }}>
        <div className="card-body p-4">
          <Line width="50%" className="h3 text-center mb-4" />
          {Array.from({ length: fields }, (_, index) => (
            <FieldSkeleton key={index} />
          ))}
          {terms && <Line width="70%" className="mb-3" />}
          <ButtonBar width="100%" />
          <Line width="75%" className="mt-3 mb-1" />
          <Line width="65%" className="mb-0" />
          <div className="mt-3">
            <hr className="my-3" />
            <ButtonBar width="100%" variant="dark" />
          </div>
        </div>
      </div>
    </Skeleton>
  );
}
