// The master-data resource domain's named module (DESIGN §2 "One domain, one name in every folder"): what other domains use of
// it, and the only file of this folder another domain's folder may import (eslint.config.mjs refuses the rest).
export { restrictToOwner, selectColumns } from './records';
export { csvFile, exportBody, importFile, send, xlsxFile } from './transfer';
