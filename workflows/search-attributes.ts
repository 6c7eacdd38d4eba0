// Custom search attributes (DESIGN.md "Source of truth"): operations staff find any order or shipment
// workflow in the Temporal UI by its business keys and status. Workflows set them through the typed keys;
// the dev server registers them at start, a real cluster through ensureSearchAttributes.
import type { Connection } from '@temporalio/client';
import { defineSearchAttributeKey, SearchAttributeType, TypedSearchAttributes } from '@temporalio/common';
// The encoder and the key type live outside the package's index; the encoder maps the SDK's type names to the proto enum values the
// operator service expects.
import {
  encodeSearchAttributeIndexedValueType,
  type SearchAttributeKey,
} from '@temporalio/common/lib/search-attributes';

export const OrderNo = defineSearchAttributeKey('OrderNo', SearchAttributeType.KEYWORD);
export const SapNo = defineSearchAttributeKey('SapNo', SearchAttributeType.KEYWORD);
export const ShipmentNo = defineSearchAttributeKey('ShipmentNo', SearchAttributeType.KEYWORD);
export const TransporterCode = defineSearchAttributeKey('TransporterCode', SearchAttributeType.KEYWORD);
export const Status = defineSearchAttributeKey('Status', SearchAttributeType.KEYWORD);

export const customSearchAttributes: readonly SearchAttributeKey<SearchAttributeType>[] = [
  OrderNo,
  SapNo,
  ShipmentNo,
  TransporterCode,
  Status,
];

/** `--search-attribute Name=Type` arguments for `temporal server start-dev`. */
export function devServerSearchAttributeArgs(): string[] {
  return customSearchAttributes.flatMap((key) => [
    '--search-attribute',
    `${key.name}=${TypedSearchAttributes.toMetadataType(key.type)}`,
  ]);
}

function isAlreadyExists(err: unknown): boolean {
  // gRPC ALREADY_EXISTS (6): another process registered the same attribute between our list and add.
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 6;
}

/**
 * Registers every custom search attribute that the namespace lacks. Safe to call at each start of every
 * process: it only adds what is missing, and a concurrent add by another replica is not an error. An
 * attribute that exists with another type is reported, because Temporal cannot change a type in place.
 * Returns the names it added.
 */
export async function ensureSearchAttributes(
  connection: Pick<Connection, 'operatorService'>,
  namespace: string,
): Promise<string[]> {
  const existing = await connection.operatorService.listSearchAttributes({ namespace });
  const known: Record<string, unknown> = { ...existing.systemAttributes, ...existing.customAttributes };
  const missing: Record<string, number> = {};
  for (const key of customSearchAttributes) {
    const wanted = encodeSearchAttributeIndexedValueType(key.type);
    if (wanted === undefined) throw new Error(`Unknown search attribute type ${key.type}`);
    const current = known[key.name];
    if (current === undefined) missing[key.name] = wanted;
    else if (current !== wanted) {
      throw new Error(
        `Search attribute ${key.name} exists in namespace ${namespace} with another type (indexed value type ${JSON.stringify(current)}); expected ${key.type}.`,
      );
    }
  }
  const names = Object.keys(missing);
  if (names.length === 0) return [];
  try {
    await connection.operatorService.addSearchAttributes({ namespace, searchAttributes: missing });
  } catch (err) {
    if (!isAlreadyExists(err)) throw err;
  }
  return names;
}
