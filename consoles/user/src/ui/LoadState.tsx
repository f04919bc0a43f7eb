/**
 * What a list screen shows while useLoad works: the failure with a Retry button, or "Loading...".
 * Nothing once the data is there.
 */
export function LoadState({ loaded, error, retry }: { loaded: boolean; error?: string; retry: () => void }) {
  if (error)
    return (
      <div className="form-error" role="alert">
        <p>{error}</p>
        <button type="button" className="button" onClick={retry}>
          Retry
        </button>
      </div>
    );
  return loaded ? null : <p className="page-loading">Loading...</p>;
}
