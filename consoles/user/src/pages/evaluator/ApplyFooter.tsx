import type { ReactNode } from 'react';

/**
 * The foot of each application step: the step's failure, if any, then Back and the step's own
 * action (the submit button), if it has one.
 */
export function ApplyFooter({
  error,
  onBack,
  children,
}: {
  error: string | undefined;
  onBack: () => void;
  children?: ReactNode;
}) {
  return (
    <>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="apply-actions">
        <button type="button" className="button" onClick={onBack}>
          Back
        </button>
        {children}
      </div>
    </>
  );
}
