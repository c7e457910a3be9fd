/* What the back office offers other domains: the admin log every admin write appends to, and config documents. */
export { type AdminChange, adminChangeOf, adminLogRecord, appendAdminLog, editData, OPERATOR } from './admin-log';
export { readConfigDocument, seedConfigDocument, writeConfigDocument } from './config-documents';
