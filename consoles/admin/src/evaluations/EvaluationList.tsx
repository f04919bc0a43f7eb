import {
  BooleanField,
  DataTable,
  DateField,
  List,
  NumberField,
  ReferenceField,
  SelectInput,
  TextInput,
} from 'react-admin';
import { StatusField } from '../common/StatusChip';

const Column = DataTable.Col;

const evaluationFilters = [
  <TextInput key="q" source="q" label="Search" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    alwaysOn
    choices={[
      { id: 'draft', name: 'Draft' },
      { id: 'active', name: 'Active' },
      { id: 'completed', name: 'Completed' },
      { id: 'archived', name: 'Archived' },
    ]}
  />,
  <TextInput key="owner_email" source="owner_email" label="Owner email" />,
];

/** Every evaluation with its owner, progress and the credits its votes cost (read only). */
export function EvaluationList() {
  return (
    <List title="Evaluations" filters={evaluationFilters} sort={{ field: 'created_at', order: 'DESC' }}>
      <DataTable rowClick={false} bulkActionButtons={false}>
        <Column source="created_at" label="Created">
          <DateField source="created_at" showTime />
        </Column>
        <Column source="title" />
        <Column source="owner_email" label="Owner">
          <ReferenceField source="creator_id" reference="users" link="show" />
        </Column>
        <Column source="status">
          <StatusField source="status" />
        </Column>
        <Column source="is_public" label="Public" disableSort>
          <BooleanField source="is_public" />
        </Column>
        <Column source="items">
          <NumberField source="items" />
        </Column>
        <Column source="votes">
          <NumberField source="votes" />
        </Column>
        <Column source="credits_spent" label="Credits spent">
          <NumberField source="credits_spent" />
        </Column>
        <Column source="credits_reserved" label="Reserved" disableSort>
          <NumberField source="credits_reserved" />
        </Column>
      </DataTable>
    </List>
  );
}
