// A resource's sample record: the generic one from its definition, with these fields replaced. `make` creates
// (through the API) a record of another resource and returns its key, for references inside children.
export type SampleOverride = (
  n: number,
  make: (resource: string) => Promise<string>,
) => Promise<Record<string, unknown>> | Record<string, unknown>;

export type SampleOverrides = Record<string, SampleOverride>;
