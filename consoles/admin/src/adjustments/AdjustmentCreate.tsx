import {
  AutocompleteInput,
  Create,
  NumberInput,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextInput,
  required,
  useNotify,
  useRedirect,
  type Validator,
} from 'react-admin';

const notZero: Validator = (value: unknown) =>
  Number(value) === 0 ? 'The amount must not be zero (negative takes credits)' : undefined;
const integer: Validator = (value: unknown) =>
  value !== null && value !== undefined && value !== '' && !Number.isInteger(Number(value))
    ? 'Whole credits only'
    : undefined;

/**
 * A credits adjustment is a new CreditsAdjusted ledger event with a mandatory reason; there is
 * no edit and no undo: a correction is another, compensating adjustment.
 */
export function AdjustmentCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  const onSuccess = () => {
    notify('Adjustment recorded', { type: 'success' });
    redirect('list', 'adjustments');
  };
  return (
    <Create title="New credits adjustment" mutationMode="pessimistic" mutationOptions={{ onSuccess }}>
      <SimpleForm defaultValues={{ context: 'spending' }}>
        <ReferenceInput source="user_id" reference="users">
          <AutocompleteInput
            label="Person"
            optionText="email"
            filterToQuery={(q: string) => ({ q })}
            validate={required()}
          />
        </ReferenceInput>
        <SelectInput
          source="context"
          choices={[
            { id: 'spending', name: 'Spending' },
            { id: 'earning', name: 'Earning' },
          ]}
          validate={required()}
        />
        <NumberInput
          source="amount_credits"
          label="Amount (credits)"
          helperText="Positive gives credits, negative takes them (never below zero)"
          validate={[required(), integer, notZero]}
        />
        <TextInput
          source="reason"
          multiline
          minRows={2}
          fullWidth
          helperText="Required: recorded on the event for audit"
          validate={required('A reason is required for every adjustment')}
        />
      </SimpleForm>
    </Create>
  );
}
