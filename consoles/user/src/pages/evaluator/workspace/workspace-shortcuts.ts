import { useEffect, useRef } from 'react';

export type WorkspaceAction = 'good' | 'bad' | 'skip' | 'next';

/** The workspace's keys, as shown on screen; two per vote so either hand can vote. */
export const WORKSPACE_SHORTCUTS: ReadonlyArray<{
  keys: readonly string[];
  action: WorkspaceAction;
  label: string;
}> = [
  { keys: ['g', '1'], action: 'good', label: 'Good' },
  { keys: ['b', '2'], action: 'bad', label: 'Bad' },
  { keys: ['s'], action: 'skip', label: 'Skip' },
  { keys: ['n'], action: 'next', label: 'Next item' },
];

interface KeyLike {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  repeat: boolean;
  target: EventTarget | null;
}

/**
 * The action a key press asks for, or undefined. Typing (a comment, any field) and key
 * combinations with modifiers are the browser's, so a letter in a comment never casts a vote; a
 * held key does not repeat a vote either.
 */
export function shortcutAction(event: KeyLike): WorkspaceAction | undefined {
  if (event.altKey || event.ctrlKey || event.metaKey || event.repeat) return undefined;
  const target = event.target as { tagName?: string; isContentEditable?: boolean } | null;
  const tag = target?.tagName?.toLowerCase();
  if (tag === 'input' || tag === 'textarea' || tag === 'select' || target?.isContentEditable)
    return undefined;
  const key = event.key.toLowerCase();
  return WORKSPACE_SHORTCUTS.find((shortcut) => shortcut.keys.includes(key))?.action;
}

/** Listens on the document while mounted; `onAction` may change between renders. */
export function useWorkspaceShortcuts(onAction: (action: WorkspaceAction) => void): void {
  const latest = useRef(onAction);
  latest.current = onAction;
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      const action = shortcutAction(event);
      if (!action) return;
      event.preventDefault();
      latest.current(action);
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}
