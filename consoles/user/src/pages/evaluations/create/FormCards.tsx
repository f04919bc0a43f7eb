import type { ReactNode } from 'react';
import type { CreateForm, ModelType, SetField } from './create-form';
import { InputCard } from './InputCard';

export interface FormCard {
  title: string;
  body: ReactNode;
}

/** The free-text cards: grid key, card title, field id, label, placeholder and the form field. */
const TEXT_CARDS = [
  [
    'description',
    'Description',
    'ce-description',
    'Description',
    'What should evaluators look at?',
    'description',
  ],
  [
    'machine',
    'Machine Prompt',
    'ce-machine',
    'Machine prompt',
    'The prompt sent to the model',
    'machinePrompt',
  ],
  [
    'subject',
    'Subject Matter Prompt',
    'ce-subject',
    'Subject matter prompt',
    'What an expert should know',
    'subjectMatterPrompt',
  ],
] as const;

/** The create page's cards by grid key (spec 000 section 9); each edits its own fields. */
export function formCards(form: CreateForm, set: SetField): Record<string, FormCard> {
  const cards: Record<string, FormCard> = {
    input: { title: 'Input Configuration', body: <InputCard form={form} set={set} /> },
    model: { title: 'Model Configuration', body: <ModelCard form={form} set={set} /> },
    settings: { title: 'Additional Settings', body: <SettingsCard form={form} set={set} /> },
  };
  for (const [key, title, id, label, placeholder, field] of TEXT_CARDS) {
    cards[key] = {
      title,
      body: (
        <TextCard
          id={id}
          label={label}
          value={form[field]}
          placeholder={placeholder}
          onChange={(value) => set(field, value)}
        />
      ),
    };
  }
  return cards;
}

function TextCard(props: {
  id: string;
  label: string;
  value: string;
  placeholder: string;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <label htmlFor={props.id}>{props.label}</label>
      <textarea
        id={props.id}
        rows={4}
        value={props.value}
        placeholder={props.placeholder}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </>
  );
}

function ModelCard({ form, set }: { form: CreateForm; set: SetField }) {
  return (
    <>
      <label htmlFor="ce-model">Model</label>
      <select
        id="ce-model"
        value={form.modelType}
        onChange={(event) => set('modelType', event.target.value as ModelType)}
      >
        <option value="gpt-3.5-turbo">gpt-3.5-turbo</option>
        <option value="gpt-4">gpt-4</option>
        <option value="custom">Custom</option>
      </select>
      {form.modelType === 'custom' && (
        <>
          <label htmlFor="ce-model-endpoint">Model endpoint</label>
          <input
            id="ce-model-endpoint"
            type="url"
            value={form.customEndpoint}
            placeholder="https://models.example.com/v1"
            onChange={(event) => set('customEndpoint', event.target.value)}
          />
          <label htmlFor="ce-model-key">Model API key</label>
          <input
            id="ce-model-key"
            type="password"
            autoComplete="off"
            value={form.customApiKey}
            onChange={(event) => set('customApiKey', event.target.value)}
          />
        </>
      )}
    </>
  );
}

function SettingsCard({ form, set }: { form: CreateForm; set: SetField }) {
  return (
    <>
      <label htmlFor="ce-folds">Folds count</label>
      <input
        id="ce-folds"
        type="number"
        min={1}
        value={form.foldsCount}
        onChange={(event) => set('foldsCount', Math.max(1, Number(event.target.value) || 1))}
      />
      <label className="ce-check">
        <input
          type="checkbox"
          checked={form.requiresExpertise}
          onChange={(event) => set('requiresExpertise', event.target.checked)}
        />
        Requires expertise
      </label>
      <label className="ce-check">
        <input
          type="checkbox"
          checked={form.isPublic}
          onChange={(event) => set('isPublic', event.target.checked)}
        />
        Public evaluation
      </label>
    </>
  );
}
