import { CONFIG_SETTINGS, type ConfigSetting } from './config.js';

/**
 * `.env.example` at the repository root, written from CONFIG_SETTINGS (the one description of
 * every setting): each setting commented out with its meaning and default, so a copy changes
 * nothing until a line is uncommented. `npm run dev` reads `.env` when it exists.
 */
export function renderEnvExample(settings: readonly ConfigSetting[] = CONFIG_SETTINGS): string {
  const blocks = settings.map((setting) =>
    [`# ${setting.meaning}`, `# Default: ${setting.default}`, `# ${setting.name}=`].join('\n'),
  );
  return [
    '# Every setting of Evalmarket, all optional. Copy to .env and uncomment what you change;',
    '# `npm run dev` reads .env (elsewhere: node --env-file=.env, or your process manager).',
    '# Written by `npm run env:example` from services/api/src/config/config.ts; do not edit.',
    '',
    blocks.join('\n\n'),
    '',
  ].join('\n');
}
