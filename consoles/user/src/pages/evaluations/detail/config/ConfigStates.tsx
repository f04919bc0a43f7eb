/** What the configuration panel shows before there is a form: a failed load, a notice, or skeletons. */

export function ConfigLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <section className="panel" aria-labelledby="config-title">
      <h2 id="config-title">Human Evaluation Configuration</h2>
      <div className="form-error" role="alert">
        <p>{message}</p>
        <p>The settings are not shown until they load, so nothing can overwrite them.</p>
        <button type="button" className="button" onClick={onRetry}>
          Retry
        </button>
      </div>
    </section>
  );
}

export function LangfuseRequired({ notice }: { notice: string }) {
  return (
    <section className="panel" aria-labelledby="config-title">
      <h2 id="config-title">Human Evaluation Configuration</h2>
      <div className="notice-yellow" role="status">
        <h3>Langfuse Connection Required</h3>
        <p>{notice}</p>
      </div>
    </section>
  );
}

export function ConfigLoading() {
  return (
    <section className="panel" aria-labelledby="config-title" aria-busy="true">
      <h2 id="config-title">Human Evaluation Configuration</h2>
      <div className="skeleton" />
      <div className="skeleton wide" />
      <div className="skeleton" />
    </section>
  );
}
