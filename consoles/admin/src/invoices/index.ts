import Description from '@mui/icons-material/Description';
import { InvoiceList } from './InvoiceList';

export default { name: 'invoices', list: InvoiceList, icon: Description };
