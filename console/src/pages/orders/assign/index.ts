// What the order's creation offers other domains' screens (DESIGN §2 "One domain, one name"): the Assign Transporter
// and Assign Customer/Vendor panel, opened from the SAP order list on a SAP order.
export { AssignPanel, type AssignKind } from './AssignPanel';
