import { MESSAGES } from '@evalmarket/contracts';
import { useEffect, useState } from 'react';
import type { ApiError } from '../../../api/client';
import {
  getLangfuseConnection,
  removeLangfuseConnection,
  saveLangfuseConnection,
  testLangfuseConnection,
} from '../../../api/evaluation-access';
import { useToasts } from '../../../ui/Toasts';
import type { TLangfuseConnection } from '../types';

const DEFAULT_HOST = 'https://cloud.langfuse.com';

export interface LangfuseProject {
  id: string;
  name: string;
}

/**
 * The Langfuse panel's state: the saved connection (undefined while loading, null when none),
 * the draft being edited, and the test, save and disconnect calls with their toasts.
 */
export function useLangfuseConnection(evaluationId: string, onChange: () => void) {
  const toasts = useToasts();
  const [connection, setConnection] = useState<TLangfuseConnection | null>();
  const [editing, setEditing] = useState(false);
  const [publicKey, setPublicKey] = useState('');
  const [secretKey, setSecretKey] = useState('');
  const [showSecret, setShowSecret] = useState(false);
  const [host, setHost] = useState(DEFAULT_HOST);
  const [projects, setProjects] = useState<LangfuseProject[]>();
  const [projectId, setProjectId] = useState('');
  const [busy, setBusy] = useState<'test' | 'save' | 'delete'>();

  useEffect(() => {
    const controller = new AbortController();
    getLangfuseConnection(evaluationId, controller.signal)
      .then(setConnection)
      .catch((error: ApiError) => {
        if (controller.signal.aborted) return;
        if (error.status === 404) setConnection(null);
        else {
          setConnection(null);
          toasts.error('Failed to load connection settings');
        }
      });
    return () => controller.abort();
  }, [evaluationId, toasts]);

  function startEdit() {
    if (connection) {
      setPublicKey(connection.langfuse_public_key);
      setHost(connection.langfuse_host);
      setProjectId(connection.langfuse_project_id);
    }
    setSecretKey('');
    setProjects(undefined);
    setEditing(true);
  }

  const credentials = () => ({
    langfuse_public_key: publicKey.trim(),
    langfuse_secret_key: secretKey.trim(),
    langfuse_host: host.trim(),
  });

  async function test() {
    if (!publicKey.trim() || !secretKey.trim() || !host.trim()) {
      toasts.error(MESSAGES.langfuseFieldsRequired);
      return;
    }
    setBusy('test');
    try {
      const reply = await testLangfuseConnection(evaluationId, credentials());
      setProjects(reply.projects);
      if (reply.projects.length === 1) setProjectId(reply.projects[0]!.id);
      toasts.success('Connection successful! Select a project below.');
    } catch (error) {
      setProjects(undefined);
      toasts.error((error as ApiError).message || MESSAGES.connectionTestFailed);
    } finally {
      setBusy(undefined);
    }
  }

  async function save() {
    const project = projects?.find((candidate) => candidate.id === projectId);
    if (!project) {
      toasts.error(MESSAGES.langfuseProjectRequired);
      return;
    }
    setBusy('save');
    try {
      const body = { ...credentials(), langfuse_project_id: project.id, langfuse_project_name: project.name };
      const saved = await saveLangfuseConnection(evaluationId, body, Boolean(connection));
      setConnection(saved);
      setEditing(false);
      setSecretKey('');
      setProjects(undefined);
      toasts.success('Langfuse connection saved successfully!');
      onChange();
    } catch (error) {
      toasts.error(`Failed to save connection: ${(error as ApiError).message}`);
    } finally {
      setBusy(undefined);
    }
  }

  async function remove() {
    if (
      !window.confirm('Are you sure you want to disconnect from Langfuse? This will remove the integration.')
    )
      return;
    setBusy('delete');
    try {
      await removeLangfuseConnection(evaluationId);
      setConnection(null);
      setEditing(false);
      setPublicKey('');
      setSecretKey('');
      setHost(DEFAULT_HOST);
      toasts.success('Langfuse connection removed successfully');
      onChange();
    } catch (error) {
      toasts.error(`Failed to delete connection: ${(error as ApiError).message}`);
    } finally {
      setBusy(undefined);
    }
  }

  const draft = {
    publicKey,
    setPublicKey,
    secretKey,
    setSecretKey,
    showSecret,
    toggleSecret: () => setShowSecret((shown) => !shown),
    host,
    setHost,
    projects,
    projectId,
    setProjectId,
  };
  return { connection, editing, setEditing, busy, draft, startEdit, test, save, remove };
}

export type LangfuseDraft = ReturnType<typeof useLangfuseConnection>['draft'];
