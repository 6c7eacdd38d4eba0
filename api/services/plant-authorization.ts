// Which companies and plants a user may bring SAP documents in for and create or edit SAP orders of
// (user_plants, the User editor's "Authorized Companies and Plants"): a row names a company and a plant, or
// only a company for all its plants. Administrators are authorised for everything. A grant of the user, as the
// permissions are (permissions.ts keeps them in memory): the SAP order and order domains both apply it.
import type { Knex } from 'knex';
import type { AuthUser } from './session';

export interface PlantAuthorization {
  /** True for administrators. */
  all: boolean;
  /** Companies granted with every plant. */
  companies: Set<string>;
  /** `company|plant` pairs granted one by one. */
  plants: Set<string>;
}

const pair = (company: string, plant: string) => `${company.toUpperCase()}|${plant.toUpperCase()}`;

export async function plantAuthorization(db: Knex, user: AuthUser): Promise<PlantAuthorization> {
  if (user.is_admin) return { all: true, companies: new Set(), plants: new Set() };
  const rows = (await db('user_plants').where('user_id', user.id).select('company_code', 'plant_code')) as {
    company_code: string;
    plant_code: string | null;
  }[];
  const companies = new Set<string>();
  const plants = new Set<string>();
  for (const r of rows) {
    if (r.plant_code === null) companies.add(r.company_code.toUpperCase());
    else plants.add(pair(r.company_code, r.plant_code));
  }
  return { all: false, companies, plants };
}

/**
 * Whether the grants cover a document of `company` at `plant`. A document without a plant needs the whole
 * company, since it may concern any of its plants.
 */
export function isAuthorized(
  auth: PlantAuthorization,
  company: string | null | undefined,
  plant: string | null | undefined,
): boolean {
  if (auth.all) return true;
  if (!company) return false;
  if (auth.companies.has(company.toUpperCase())) return true;
  return !!plant && auth.plants.has(pair(company, plant));
}
