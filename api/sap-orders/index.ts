// The SAP order domain's named module (DESIGN §2 "One domain, one name in every folder"): what other domains use of
// it, and the only file of this folder another domain's folder may import (eslint.config.mjs refuses the rest).
// A user's plant grants are a shared mechanism (api/services/plant-authorization.ts); the order domain reads the
// check here beside the SAP order reads it applies to.
export { isAuthorized } from '../services/plant-authorization';
export { readSapOrder } from './editor';
export { lookupText, readLines, selectWire, shipmentTypeName, wireValueSql, type Row } from './fields';
export { nextRunningNumber } from './running-number';
export { syncBodySchema, syncWithSap } from './sync';
