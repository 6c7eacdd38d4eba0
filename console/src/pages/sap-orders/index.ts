// What the SAP order screens offer other domains' screens (DESIGN §2 "One domain, one name"): the SAP order's field
// labels, which the order panels use where they show a SAP order's header.
export { sapOrderLabel } from './list/columns';
