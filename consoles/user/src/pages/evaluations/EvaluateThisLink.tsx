import { Link } from 'react-router-dom';
import { listOpenProjects } from '../../api/evaluator';
import { useLoad } from '../../api/useLoad';
import { useAuth } from '../../auth/AuthProvider';
import type { TEvaluatorProject } from './types';

/** How long one read of the open projects serves every link on a page (a grid of cards). */
const OPEN_PROJECTS_TTL_MS = 15_000;
let shared: { at: number; token: string | undefined; projects: Promise<TEvaluatorProject[]> } | undefined;

/** The projects open to the signed-in person, read once for all the links on screen. */
function openProjects(who: string | undefined): Promise<TEvaluatorProject[]> {
  if (!shared || shared.token !== who || Date.now() - shared.at > OPEN_PROJECTS_TTL_MS) {
    const projects = listOpenProjects();
    shared = { at: Date.now(), token: who, projects };
    projects.catch(() => (shared = undefined));
  }
  return shared.projects;
}

/**
 * "Evaluate this" on an evaluation card or page: shown only when the server says the signed-in
 * person may evaluate it now (active, open to their evaluator status, not their own) and it has
 * items left for them; it opens the workspace on that project.
 */
export function EvaluateThisLink({ evaluationId }: { evaluationId: string }) {
  const { status, profile } = useAuth();
  const signedIn = status === 'signed_in';
  const { data: projects } = useLoad(
    () => (signedIn ? openProjects(profile?.id) : undefined),
    [signedIn, profile?.id],
    {
      failure: 'Failed to load the projects you may evaluate',
    },
  );
  const open = projects?.find((project) => project.evaluation_id === evaluationId);
  if (!signedIn || !open || open.open_items === 0) return null;
  return (
    <Link
      to={`/evaluations?evaluation=${encodeURIComponent(evaluationId)}`}
      className="button evaluate-this"
      aria-label={`Evaluate this: ${open.title}`}
    >
      Evaluate this
    </Link>
  );
}
