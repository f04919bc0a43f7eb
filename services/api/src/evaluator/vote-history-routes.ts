import { ZOwnVotesQuery, ZOwnVotesReply } from '@evalmarket/contracts';
import { requireUser } from '../auth/guards.js';
import { ValidationError } from '../http/errors.js';
import type { DomainPlugin } from '../runtime/domain-context.js';
import { InvalidVotesCursorError, listOwnVotes } from './list-own-votes.js';

/** GET /evaluator/votes: the signed-in evaluator's own votes, and only theirs. */
export const voteHistoryRoutes: DomainPlugin = async (app, { sql }) => {
  app.get(
    '/evaluator/votes',
    {
      schema: {
        tags: ['evaluator'],
        summary: "The signed-in evaluator's own votes, newest first, with each vote's outcome; keyset paging",
        querystring: ZOwnVotesQuery,
        response: { 200: ZOwnVotesReply },
      },
    },
    async (request) => {
      const userId = requireUser(request);
      try {
        return await listOwnVotes(sql, { userId, ...request.query });
      } catch (error) {
        if (error instanceof InvalidVotesCursorError) {
          throw ValidationError.at(['query', 'before'], 'is not a cursor this server gave out');
        }
        throw error;
      }
    },
  );
};
