// What moves: product categories (freight is priced per category or per material), the SAP materials of a
// palm-oil group with their factors to KG, and the truck types freight is priced for.
import type { SeedRecord } from './types';

export const PRODUCT_CATEGORIES: SeedRecord[] = [
  ['FFB', 'Tandan Buah Segar (FFB)', false],
  ['CPO', 'Crude Palm Oil (CPO)', true],
  ['PK', 'Palm Kernel (Inti Sawit)', false],
  ['PKO', 'Palm Kernel Oil (PKO)', true],
  ['REFINED', 'Produk Rafinasi (RBD Olein, Stearin, PFAD)', true],
  ['PACKED', 'Minyak Goreng Kemasan', false],
  ['BYPROD', 'Produk Samping (Bungkil Inti, Cangkang)', false],
  ['FERT', 'Pupuk (NPK, Urea, MOP)', false],
  ['FUEL', 'BBM Solar (Biodiesel B40)', true],
].map(([code, name, liquid]) => ({
  Category_Code: code as string,
  Category_Name: name as string,
  Is_Liquid: liquid as boolean,
}));

interface MaterialSpec {
  code: string;
  short: string;
  name: string;
  category: string;
  uom: string;
  group: string;
  bulk: boolean;
}

const MATERIAL_SPECS: MaterialSpec[] = [
  {
    code: 'RM-FFB',
    short: 'FFB',
    name: 'Tandan Buah Segar (TBS)',
    category: 'FFB',
    uom: 'KG',
    group: 'FFB',
    bulk: true,
  },
  {
    code: 'FG-CPO',
    short: 'CPO',
    name: 'Crude Palm Oil',
    category: 'CPO',
    uom: 'KG',
    group: 'PALM-CRUDE',
    bulk: true,
  },
  {
    code: 'FG-PK',
    short: 'PK',
    name: 'Palm Kernel (Inti Sawit)',
    category: 'PK',
    uom: 'KG',
    group: 'KERNEL',
    bulk: true,
  },
  {
    code: 'FG-PKO',
    short: 'PKO',
    name: 'Crude Palm Kernel Oil',
    category: 'PKO',
    uom: 'KG',
    group: 'PALM-CRUDE',
    bulk: true,
  },
  {
    code: 'FG-RBDOL',
    short: 'RBDOL',
    name: 'RBD Palm Olein IV 56',
    category: 'REFINED',
    uom: 'KG',
    group: 'PALM-REFINED',
    bulk: true,
  },
  {
    code: 'FG-RBDST',
    short: 'RBDST',
    name: 'RBD Palm Stearin',
    category: 'REFINED',
    uom: 'KG',
    group: 'PALM-REFINED',
    bulk: true,
  },
  {
    code: 'FG-PFAD',
    short: 'PFAD',
    name: 'Palm Fatty Acid Distillate',
    category: 'REFINED',
    uom: 'KG',
    group: 'PALM-REFINED',
    bulk: true,
  },
  {
    code: 'FG-MGR-2L',
    short: 'MGR2L',
    name: 'Minyak Goreng Sawit Pouch 2 L (karton isi 6)',
    category: 'PACKED',
    uom: 'CAR',
    group: 'PACKED',
    bulk: false,
  },
  {
    code: 'BP-PKE',
    short: 'PKE',
    name: 'Bungkil Inti Sawit (Palm Kernel Expeller)',
    category: 'BYPROD',
    uom: 'KG',
    group: 'BYPRODUCT',
    bulk: true,
  },
  {
    code: 'BP-SHELL',
    short: 'SHELL',
    name: 'Cangkang Sawit (Palm Kernel Shell)',
    category: 'BYPROD',
    uom: 'KG',
    group: 'BYPRODUCT',
    bulk: true,
  },
  {
    code: 'SP-NPK15',
    short: 'NPK',
    name: 'Pupuk NPK 15-15-15 (karung 50 kg)',
    category: 'FERT',
    uom: 'BAG',
    group: 'FERTILISER',
    bulk: false,
  },
  {
    code: 'SP-UREA',
    short: 'UREA',
    name: 'Pupuk Urea 46% N (karung 50 kg)',
    category: 'FERT',
    uom: 'BAG',
    group: 'FERTILISER',
    bulk: false,
  },
  {
    code: 'SP-MOP',
    short: 'MOP',
    name: 'Pupuk MOP / KCl 60% (karung 50 kg)',
    category: 'FERT',
    uom: 'BAG',
    group: 'FERTILISER',
    bulk: false,
  },
  {
    code: 'SP-SOLAR',
    short: 'SOLAR',
    name: 'Solar Biodiesel B40',
    category: 'FUEL',
    uom: 'L',
    group: 'FUEL',
    bulk: true,
  },
];

export const MATERIALS: SeedRecord[] = MATERIAL_SPECS.map((m) => ({
  Material_Code: m.code,
  Material_Name: m.name,
  Category_Code: m.category,
  Base_Uom: m.uom,
  Material_Group: m.group,
  Is_Bulk: m.bulk,
}));

type ConversionType = 'NET' | 'GROSS' | 'DENSITY';
/** [material, from UOM, type, KG per unit, default for its unit, company or null for the whole group, description]. */
const CONVERSIONS: [string, string, ConversionType, number, boolean, string | null, string][] = [
  ['RM-FFB', 'TON', 'NET', 1000, true, null, 'TBS: ton ke KG'],
  ['FG-CPO', 'TON', 'NET', 1000, true, null, 'CPO: ton ke KG'],
  // Tank soundings give litres; the density of CPO at the storage temperature turns them into KG.
  ['FG-CPO', 'L', 'DENSITY', 0.891, true, null, 'CPO: liter ke KG (densitas 50 °C)'],
  ['FG-CPO', 'L', 'DENSITY', 0.8875, true, '3000', 'CPO: liter ke KG (densitas 55 °C, tangki Teluk Bayur)'],
  ['FG-PK', 'TON', 'NET', 1000, true, null, 'Inti sawit: ton ke KG'],
  ['FG-PKO', 'TON', 'NET', 1000, true, null, 'PKO: ton ke KG'],
  ['FG-PKO', 'L', 'DENSITY', 0.905, true, null, 'PKO: liter ke KG'],
  ['FG-RBDOL', 'TON', 'NET', 1000, true, null, 'Olein: ton ke KG'],
  ['FG-RBDOL', 'L', 'DENSITY', 0.91, true, null, 'Olein: liter ke KG (densitas 25 °C)'],
  ['FG-RBDST', 'TON', 'NET', 1000, true, null, 'Stearin: ton ke KG'],
  ['FG-PFAD', 'TON', 'NET', 1000, true, null, 'PFAD: ton ke KG'],
  ['FG-MGR-2L', 'CAR', 'NET', 10.92, true, null, 'Minyak goreng: karton (6 x 2 L) berat bersih'],
  ['FG-MGR-2L', 'CAR', 'GROSS', 11.4, false, null, 'Minyak goreng: karton (6 x 2 L) berat kotor'],
  ['BP-PKE', 'TON', 'NET', 1000, true, null, 'Bungkil inti: ton ke KG'],
  ['BP-SHELL', 'TON', 'NET', 1000, true, null, 'Cangkang: ton ke KG'],
  ['SP-NPK15', 'BAG', 'NET', 50, true, null, 'NPK: karung 50 kg berat bersih'],
  ['SP-NPK15', 'BAG', 'GROSS', 50.25, false, null, 'NPK: karung 50 kg berat kotor'],
  ['SP-NPK15', 'TON', 'NET', 1000, true, null, 'NPK: ton ke KG'],
  ['SP-UREA', 'BAG', 'NET', 50, true, null, 'Urea: karung 50 kg berat bersih'],
  ['SP-UREA', 'BAG', 'GROSS', 50.2, false, null, 'Urea: karung 50 kg berat kotor'],
  ['SP-UREA', 'TON', 'NET', 1000, true, null, 'Urea: ton ke KG'],
  ['SP-MOP', 'BAG', 'NET', 50, true, null, 'MOP: karung 50 kg berat bersih'],
  ['SP-MOP', 'TON', 'NET', 1000, true, null, 'MOP: ton ke KG'],
  ['SP-SOLAR', 'L', 'DENSITY', 0.845, true, null, 'Solar B40: liter ke KG'],
  ['SP-SOLAR', 'KL', 'DENSITY', 845, true, null, 'Solar B40: kiloliter ke KG'],
];

const shortOf = new Map(MATERIAL_SPECS.map((m) => [m.code, m.short]));

export const MATERIAL_CONVERSIONS: SeedRecord[] = CONVERSIONS.map(
  ([material, uom, type, factor, isDefault, company, description]) => ({
    Conversion_Code: `CNV-${shortOf.get(material)}-${uom}-${type[0]}${company ? `-${company}` : ''}`,
    Description: description,
    Material_Code: material,
    From_Uom: uom,
    Conversion_Type: type,
    Factor_Kg: factor,
    Company_Code: company,
    Is_Default: isDefault,
  }),
);

export interface TruckTypeSpec {
  code: string;
  name: string;
  capacityKg: number;
  axles: number;
  tanker: boolean;
  /** Empty weight, for the vehicles of this type. */
  tareKg: number;
  brands: string[];
}

export const TRUCK_TYPE_SPECS: TruckTypeSpec[] = [
  {
    code: 'CDD',
    name: 'Colt Diesel Double (CDD) 8 ton',
    capacityKg: 8000,
    axles: 2,
    tanker: false,
    tareKg: 3600,
    brands: ['Mitsubishi Fuso Canter FE 74 HD', 'Isuzu Elf NMR 81', 'Hino Dutro 136 HD'],
  },
  {
    code: 'DUMP-TBS',
    name: 'Dump Truck TBS 10 ton',
    capacityKg: 10000,
    axles: 2,
    tanker: false,
    tareKg: 5200,
    brands: ['Mitsubishi Fuso Fighter FM 65 F', 'Hino Ranger FG 235 JJ', 'Isuzu Giga FRR 90'],
  },
  {
    code: 'FUSO',
    name: 'Fuso Bak Kayu 16 ton',
    capacityKg: 16000,
    axles: 2,
    tanker: false,
    tareKg: 6800,
    brands: ['Mitsubishi Fuso Fighter FN 62 F', 'Hino Ranger FL 235 JW'],
  },
  {
    code: 'TRONTON',
    name: 'Tronton Bak 24 ton',
    capacityKg: 24000,
    axles: 3,
    tanker: false,
    tareKg: 9800,
    brands: ['Hino Ranger FM 285 JD', 'UD Trucks Quester CWE 280', 'Isuzu Giga FVZ 34 P'],
  },
  {
    code: 'TANKER-16',
    name: 'Tangki BBM 16 KL',
    capacityKg: 13500,
    axles: 2,
    tanker: true,
    tareKg: 7600,
    brands: ['Hino Ranger FL 260 JW', 'Isuzu Giga FVM 34 W'],
  },
  {
    code: 'TANKER-25',
    name: 'Tangki CPO / Olein 25 ton',
    capacityKg: 25000,
    axles: 3,
    tanker: true,
    tareKg: 10400,
    brands: ['Hino Ranger FM 285 JD', 'Mitsubishi Fuso Fighter FZ 4928', 'UD Trucks Quester GWE 370'],
  },
  {
    code: 'TRAILER',
    name: 'Trailer Flatbed 30 ton (40 ft)',
    capacityKg: 30000,
    axles: 5,
    tanker: false,
    tareKg: 14500,
    brands: ['Hino 700 SH 1844', 'Scania P 410 A6x4', 'Mercedes-Benz Axor 4028 T'],
  },
];

export const TRUCK_TYPES: SeedRecord[] = TRUCK_TYPE_SPECS.map((t) => ({
  Truck_Type_Code: t.code,
  Truck_Type_Name: t.name,
  Capacity_Kg: t.capacityKg,
  Axles: t.axles,
  Is_Tanker: t.tanker,
}));
