import { Link } from 'react-router-dom';
import type { listPublicEvaluations } from '../../api/evaluations';
import { EvaluateThisLink } from '../evaluations/EvaluateThisLink';

type PublicEvaluation = Awaited<ReturnType<typeof listPublicEvaluations>>[number];

/** One card a public evaluation: title, description, model type and date, and a way to evaluate it. */
export function PublicEvaluationCards({ evaluations }: { evaluations: PublicEvaluation[] }) {
  return (
    <ul className="card-grid">
      {evaluations.map((evaluation) => (
        <li key={evaluation.id} className="card">
          <Link to={`/evaluations/${evaluation.id}`} className="card-link">
            <h2>{evaluation.title}</h2>
            <p>{evaluation.description || 'No description provided'}</p>
            <p className="card-meta">
              <span className="badge">{evaluation.model_type}</span>
              <time dateTime={evaluation.created_at}>
                {new Date(evaluation.created_at).toLocaleDateString()}
              </time>
            </p>
          </Link>
          <EvaluateThisLink evaluationId={evaluation.id} />
        </li>
      ))}
    </ul>
  );
}
