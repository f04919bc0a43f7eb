import { describe, expect, it } from 'vitest';
import { hashRouteFor } from '../src/common/pathRoute';

const at = (pathname: string, search = '', hash = '') => hashRouteFor({ pathname, search, hash });

describe('hashRouteFor (the spec staff URLs are paths)', () => {
  it('maps a staff path to its hash route, keeping the query', () => {
    expect(at('/admin/evaluator-applications')).toBe('/admin/#/evaluator-applications');
    expect(at('/admin/evaluator-applications/')).toBe('/admin/#/evaluator-applications');
    expect(at('/admin/users/u_1/show', '?account=earning')).toBe('/admin/#/users/u_1/show?account=earning');
  });

  it('leaves the entry page and hash routes alone', () => {
    expect(at('/admin/')).toBeNull();
    expect(at('/admin/index.html')).toBeNull();
    expect(at('/admin/', '', '#/users')).toBeNull();
    expect(at('/elsewhere')).toBeNull();
    expect(at('/admin/evaluator-applications', '', '#/users')).toBe('/admin/#/users');
  });
});
