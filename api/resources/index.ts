// The master-data resource domain's named module (DESIGN §2 "One domain, one name in every folder"): what other domains use of
// it, and the only file of this folder another domain's folder may import (eslint.config.mjs refuses the rest).
export { csvFile, exportBody, send, xlsxFile } from './transfer';
