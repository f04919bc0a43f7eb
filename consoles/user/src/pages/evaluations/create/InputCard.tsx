import { MAX_MANUAL_INPUT_ITEMS } from '@evalmarket/contracts';
import type { CreateForm, InputType, SetField, SystemSource } from './create-form';

/** Where the items come from: typed in here, an API endpoint, or a system source. */
export function InputCard({ form, set }: { form: CreateForm; set: SetField }) {
  return (
    <>
      <label htmlFor="ce-input-type">Input type</label>
      <select
        id="ce-input-type"
        value={form.inputType}
        onChange={(event) => set('inputType', event.target.value as InputType)}
      >
        <option value="manual">Manual</option>
        <option value="api">API endpoint</option>
        <option value="system">System source</option>
      </select>
      {form.inputType === 'manual' && <ManualItems items={form.items} set={set} />}
      {form.inputType === 'api' && (
        <>
          <label htmlFor="ce-api-endpoint">API endpoint</label>
          <input
            id="ce-api-endpoint"
            type="url"
            value={form.apiEndpoint}
            placeholder="https://example.com/api/inputs"
            onChange={(event) => set('apiEndpoint', event.target.value)}
          />
        </>
      )}
      {form.inputType === 'system' && (
        <>
          <label htmlFor="ce-system-source">System source</label>
          <select
            id="ce-system-source"
            value={form.systemSource}
            onChange={(event) => set('systemSource', event.target.value as SystemSource)}
          >
            <option value="">Choose a source</option>
            <option value="random_bios">Random bios</option>
            <option value="daily_news">Daily news</option>
          </select>
        </>
      )}
    </>
  );
}

function ManualItems({ items, set }: { items: string[]; set: SetField }) {
  return (
    <fieldset className="ce-items">
      <legend>Input items</legend>
      {items.map((item, index) => (
        <div className="ce-item" key={index}>
          <input
            aria-label={`Input item ${index + 1}`}
            value={item}
            placeholder={`Input item ${index + 1}`}
            onChange={(event) =>
              set(
                'items',
                items.map((value, at) => (at === index ? event.target.value : value)),
              )
            }
          />
          <button
            type="button"
            className="button"
            aria-label={`Remove input item ${index + 1}`}
            disabled={items.length <= 1}
            onClick={() =>
              set(
                'items',
                items.filter((_, at) => at !== index),
              )
            }
          >
            ×
          </button>
        </div>
      ))}
      <button
        type="button"
        className="button"
        disabled={items.length >= MAX_MANUAL_INPUT_ITEMS}
        onClick={() => set('items', [...items, ''])}
      >
        + Add Item
      </button>
      <p className="muted">
        {items.length} of {MAX_MANUAL_INPUT_ITEMS} items
      </p>
    </fieldset>
  );
}
