import { ApiKeysSection } from './ApiKeysSection';
import { CopyButton } from './CopyButton';
import '../evaluations.css';

/** The SDK Integration box: the project ID and Copy for everyone; API keys for the owner. */
export function SdkPanel({
  evaluationId,
  projectId,
  owner,
  onKeysChange,
}: {
  evaluationId: string;
  projectId: string;
  owner: boolean;
  onKeysChange(): void;
}) {
  return (
    <section className="panel" aria-labelledby="sdk-title">
      <h2 id="sdk-title">SDK Integration</h2>
      <p className="muted">Send items to this evaluation from your app with this project ID.</p>
      <div className="row nowrap">
        <code className="code-box" aria-label="Project ID">
          {projectId}
        </code>
        <CopyButton text={projectId} what="Project ID" />
      </div>
      {owner && <ApiKeysSection evaluationId={evaluationId} onKeysChange={onKeysChange} />}
    </section>
  );
}
