// The carriers: fourteen transport companies of Riau, North Sumatra and West Sumatra with their drivers and
// trucks. TRP001 is the demo transporter account's company (db/seeds/demo.ts) and its first driver is the demo
// driver account's person. Personal data follows Indonesian formats (NIK with the birth date in it, SIM number,
// police plate of the region, KIR test number of the city) and is made up; every value comes from the row's
// position, never from chance, so every run writes the same fleet.
import { TRUCK_TYPE_SPECS } from './products';
import { addDays, BASE_DATE, pad, type SeedRecord } from './types';

interface TransporterSpec {
  code: string;
  name: string;
  city: string;
  address: string;
  /** Police region letters of the plates and the suffixes its trucks carry. */
  plate: string;
  suffixes: string[];
  /** Province + regency of the NIK of its drivers, and the KIR office prefix of its trucks. */
  nikRegion: string;
  kirOffice: string;
  truckTypes: string[];
  /** Drivers and trucks (one driver per truck). */
  fleet: number;
  /** Locations the first half of its trucks serve (spec/3 §2.6). */
  helperLocations?: string[];
  excluded?: boolean;
  /** Its freight rates relative to the lane's reference cost: different per carrier, so "cheapest" means something. */
  costFactor: number;
  names: 'RIAU' | 'SUMUT' | 'SUMBAR';
}

export const TRANSPORTER_SPECS: TransporterSpec[] = [
  {
    code: 'TRP001',
    name: 'PT Sinar Angkut Nusantara',
    city: 'Pekanbaru',
    address: 'Jl. Kaharuddin Nasution No. 77, Kec. Bukit Raya, Pekanbaru 28284',
    plate: 'BM',
    suffixes: ['TU', 'AU', 'FU', 'NU'],
    nikRegion: '1471',
    kirOffice: 'PKU',
    truckTypes: ['TANKER-25', 'TANKER-25', 'TRONTON', 'FUSO', 'CDD'],
    fleet: 10,
    helperLocations: ['PKS-SEI-ROKAN', 'PKS-KANDIS'],
    costFactor: 1.0,
    names: 'RIAU',
  },
  {
    code: 'TRP002',
    name: 'PT Riau Logistik Mandiri',
    city: 'Pekanbaru',
    address: 'Jl. Tuanku Tambusai No. 45, Kec. Payung Sekaki, Pekanbaru 28292',
    plate: 'BM',
    suffixes: ['RU', 'CU', 'EO'],
    nikRegion: '1471',
    kirOffice: 'PKU',
    truckTypes: ['TANKER-25', 'TANKER-16', 'TRONTON'],
    fleet: 6,
    helperLocations: ['REF-DUMAI'],
    costFactor: 1.04,
    names: 'RIAU',
  },
  {
    code: 'TRP003',
    name: 'CV Dumai Jaya Transport',
    city: 'Dumai',
    address: 'Jl. Sultan Syarif Kasim No. 12, Kec. Dumai Kota, Dumai 28812',
    plate: 'BM',
    suffixes: ['DU', 'DO', 'KO'],
    nikRegion: '1472',
    kirOffice: 'DUM',
    truckTypes: ['TANKER-25', 'TRONTON'],
    fleet: 5,
    costFactor: 0.97,
    names: 'RIAU',
  },
  {
    code: 'TRP004',
    name: 'PT Sumatera Tanker Lestari',
    city: 'Dumai',
    address: 'Jl. Raya Bukit Jin Km 5, Kec. Dumai Barat, Dumai 28826',
    plate: 'BM',
    suffixes: ['JU', 'LU', 'TO'],
    nikRegion: '1472',
    kirOffice: 'DUM',
    truckTypes: ['TANKER-25', 'TANKER-16'],
    fleet: 6,
    helperLocations: ['VEN-ESR-PEKANBARU'],
    costFactor: 1.06,
    names: 'RIAU',
  },
  {
    code: 'TRP005',
    name: 'PT Bahtera Angkutan Sawit',
    city: 'Duri',
    address: 'Jl. Jenderal Sudirman No. 310, Kec. Mandau, Bengkalis 28784',
    plate: 'BM',
    suffixes: ['BU', 'MU'],
    nikRegion: '1403',
    kirOffice: 'BKS',
    truckTypes: ['TANKER-25', 'DUMP-TBS', 'TRONTON'],
    fleet: 5,
    costFactor: 0.99,
    names: 'RIAU',
  },
  {
    code: 'TRP006',
    name: 'CV Kampar Trans Sejahtera',
    city: 'Bangkinang',
    address: 'Jl. Prof. M. Yamin No. 9, Kec. Bangkinang Kota, Kampar 28412',
    plate: 'BM',
    suffixes: ['KU', 'PU'],
    nikRegion: '1401',
    kirOffice: 'KPR',
    truckTypes: ['DUMP-TBS', 'FUSO', 'CDD'],
    fleet: 5,
    helperLocations: ['KBN-TAPUNG'],
    costFactor: 0.95,
    names: 'RIAU',
  },
  {
    code: 'TRP007',
    name: 'PT Medan Cargo Ekspres',
    city: 'Medan',
    address: 'Jl. Sisingamangaraja Km 7 No. 21, Kec. Medan Amplas, Medan 20148',
    plate: 'BK',
    suffixes: ['AU', 'BQ', 'CX', 'DP'],
    nikRegion: '1271',
    kirOffice: 'MDN',
    truckTypes: ['TANKER-25', 'TRONTON', 'TRAILER'],
    fleet: 5,
    costFactor: 1.02,
    names: 'SUMUT',
  },
  {
    code: 'TRP008',
    name: 'PT Belawan Tangki Utama',
    city: 'Medan',
    address: 'Jl. Yos Sudarso Km 18, Kec. Medan Labuhan, Medan 20252',
    plate: 'BK',
    suffixes: ['FA', 'JK', 'UL'],
    nikRegion: '1271',
    kirOffice: 'MDN',
    truckTypes: ['TANKER-25'],
    fleet: 5,
    helperLocations: ['BLK-BELAWAN'],
    costFactor: 1.05,
    names: 'SUMUT',
  },
  {
    code: 'TRP009',
    name: 'CV Labuhanbatu Trans',
    city: 'Rantau Prapat',
    address: 'Jl. Ahmad Yani No. 56, Kec. Rantau Utara, Labuhanbatu 21412',
    plate: 'BK',
    suffixes: ['TR', 'RP'],
    nikRegion: '1210',
    kirOffice: 'LBH',
    truckTypes: ['TANKER-25', 'TRONTON', 'DUMP-TBS'],
    fleet: 4,
    costFactor: 0.96,
    names: 'SUMUT',
  },
  {
    code: 'TRP010',
    name: 'PT Minang Logistik Perkasa',
    city: 'Padang',
    address: 'Jl. Adinegoro No. 18, Kec. Koto Tangah, Padang 25176',
    plate: 'BA',
    suffixes: ['AE', 'BU', 'CQ'],
    nikRegion: '1371',
    kirOffice: 'PDG',
    truckTypes: ['TANKER-25', 'TRONTON', 'TRAILER'],
    fleet: 5,
    costFactor: 1.01,
    names: 'SUMBAR',
  },
  {
    code: 'TRP011',
    name: 'CV Pasaman Angkut Makmur',
    city: 'Simpang Empat',
    address: 'Jl. Sudirman No. 4, Simpang Empat, Pasaman Barat 26368',
    plate: 'BA',
    suffixes: ['KU', 'TA'],
    nikRegion: '1312',
    kirOffice: 'PSB',
    truckTypes: ['TANKER-25', 'DUMP-TBS', 'TRONTON'],
    fleet: 4,
    helperLocations: ['PKS-PASAMAN'],
    costFactor: 0.98,
    names: 'SUMBAR',
  },
  {
    code: 'TRP012',
    name: 'PT Andalas Bulk Transport',
    city: 'Padang',
    address: 'Jl. By Pass Km 9 No. 3, Kec. Kuranji, Padang 25157',
    plate: 'BA',
    suffixes: ['DR', 'FA'],
    nikRegion: '1371',
    kirOffice: 'PDG',
    truckTypes: ['TANKER-25', 'TRONTON', 'DUMP-TBS'],
    fleet: 4,
    costFactor: 1.03,
    names: 'SUMBAR',
  },
  {
    code: 'TRP013',
    name: 'PT Rokan Trans Abadi',
    city: 'Pasir Pengaraian',
    address: 'Jl. Diponegoro No. 27, Kec. Rambah, Rokan Hulu 28558',
    plate: 'BM',
    suffixes: ['HU', 'SU'],
    nikRegion: '1406',
    kirOffice: 'RHL',
    truckTypes: ['DUMP-TBS'],
    fleet: 3,
    // Barred after repeated losses in transit: it still has rates, which the freight options must skip.
    excluded: true,
    costFactor: 0.92,
    names: 'RIAU',
  },
  {
    code: 'TRP014',
    name: 'CV Siak Mandiri Transport',
    city: 'Perawang',
    address: 'Jl. Raya Perawang Km 3, Kec. Tualang, Siak 28772',
    plate: 'BM',
    suffixes: ['GU', 'WU'],
    nikRegion: '1408',
    kirOffice: 'SAK',
    truckTypes: ['FUSO', 'CDD', 'TRONTON'],
    fleet: 4,
    costFactor: 1.07,
    names: 'RIAU',
  },
];

const AREA_CODES: Record<string, string> = {
  Pekanbaru: '0761',
  Dumai: '0765',
  Duri: '0765',
  Bangkinang: '0762',
  Medan: '061',
  'Rantau Prapat': '0624',
  Padang: '0751',
  'Simpang Empat': '0753',
  'Pasir Pengaraian': '0762',
  Perawang: '0761',
};

export const TRANSPORTERS: SeedRecord[] = TRANSPORTER_SPECS.map((t, i) => ({
  Transporter_Code: t.code,
  Transporter_Name: t.name,
  Sap_Vendor_Code: `300010${pad(i + 1, 4)}`,
  Tax_Number: `0${(i % 9) + 1}.${pad(410 + i * 37, 3)}.${pad(120 + i * 53, 3)}.${i % 10}-${pad(211 + (i % 4), 3)}.000`,
  Email: `dispatch@${t.name
    .replace(/^(PT|CV) /, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '')}.co.id`,
  Phone: `(${AREA_CODES[t.city] ?? '0761'}) ${pad(580000 + ((i * 40713) % 400000), 6)}`,
  Address: t.address,
  City: t.city,
  Excluded: t.excluded ?? false,
}));

// Drivers' names by region: Malay, Javanese and Minang names in Riau, Batak and Javanese names in North
// Sumatra, Minang names in West Sumatra. The first Riau name is the demo driver account's (DEMO_USERS).
const NAMES: Record<TransporterSpec['names'], string[]> = {
  RIAU: [
    'Agus Pratama',
    'Budi Santoso',
    'Hendra Saputra',
    'Joko Susilo',
    'Rudi Hartono',
    'Syahrul Nizam',
    'Dedi Kurniawan',
    'Eko Prasetyo',
    'Wahyu Hidayat',
    'Andi Syahputra',
    'Slamet Riyadi',
    'Zulkarnain',
    'Indra Gunawan',
    'Fadli Rahman',
    'Taufik Hidayat',
    'Sugeng Widodo',
    'Riko Firmansyah',
    'Muhammad Yusuf',
    'Arif Budiman',
    'Herman Syah',
    'Suparman',
    'Darmawan',
    'Irwan Setiawan',
    'Khairul Anwar',
    'Jefri Maulana',
    'Nanang Kosim',
    'Sutrisno',
    'Rahmat Hidayat',
    'Ahmad Fauzi',
    'Yudi Permana',
    'Bambang Sutejo',
    'Mulyadi',
    'Heri Susanto',
    'Samsul Bahri',
    'Rizal Effendi',
    'Edi Purnomo',
    'Supriyadi',
    'Asep Sunandar',
    'Fikri Ramadhan',
    'Junaidi',
    'Roni Saputra',
    'Iwan Kurniadi',
    'Safrizal',
    'Tono Sugiarto',
  ],
  SUMUT: [
    'Marihot Siregar',
    'Darwin Nasution',
    'Parlindungan Simanjuntak',
    'Togar Sitompul',
    'Rizky Harahap',
    'Fauzi Lubis',
    'Benny Pardede',
    'Jonter Hutagalung',
    'Hotman Sinaga',
    'Roy Tambunan',
    'Sahat Panjaitan',
    'Irfan Batubara',
    'Poniman',
    'Agustinus Manurung',
  ],
  SUMBAR: [
    'Syafrizal Chaniago',
    'Afrizal Piliang',
    'Hendri Koto',
    'Yulizar',
    'Zulkifli Tanjung',
    'Rahmat Sikumbang',
    'Erizal Jambak',
    'Dasril',
    'Andika Putra',
    'Novrizal',
    'Yusrizal Caniago',
    'Irwandi',
    'Alfian Melayu',
  ],
};

interface DriverSeed extends Record<string, string | null> {
  Driver_Code: string;
  Transporter_Code: string;
}

function buildDrivers(): DriverSeed[] {
  const used: Record<string, number> = { RIAU: 0, SUMUT: 0, SUMBAR: 0 };
  const drivers: DriverSeed[] = [];
  let n = 0;
  for (const t of TRANSPORTER_SPECS) {
    for (let k = 0; k < t.fleet; k++, n++) {
      const pool = NAMES[t.names];
      const name = pool[used[t.names]!++];
      if (!name) throw new Error(`master demo: not enough ${t.names} driver names`);
      const year = 1972 + ((n * 7) % 24);
      const month = 1 + ((n * 5) % 12);
      const day = 1 + ((n * 11) % 28);
      // The big trucks (tronton, trailer, 25-ton tankers) need a SIM B2 Umum; the rest a B1 Umum. Two drivers
      // only hold a private B1, which assignment should refuse for commercial trips.
      const heavy = ['TRONTON', 'TRAILER', 'TANKER-25'].includes(t.truckTypes[k % t.truckTypes.length]!);
      const licence = n % 23 === 11 ? 'B1' : heavy ? 'B2_UMUM' : 'B1_UMUM';
      // A few licences run out within weeks of the demo's "today" (2026-11-21), the rest within five years.
      const expiry =
        n % 17 === 5 ? addDays(BASE_DATE, 30 + (n % 20)) : addDays(BASE_DATE, 75 + ((n * 97) % 1700));
      const mobile = ['0812', '0813', '0821', '0852', '0853', '0811'][n % 6]!;
      drivers.push({
        Driver_Code: `${t.code}-D${pad(k + 1, 2)}`,
        Driver_Name: name,
        Transporter_Code: t.code,
        License_No: `${pad(year % 100, 2)}${pad(month, 2)}-${t.nikRegion.slice(0, 2)}${pad(10 + (n % 80), 2)}-${pad(100231 + n * 7919, 6).slice(-6)}`,
        License_Type: licence,
        License_Expiry_Date: expiry,
        Phone: `${mobile}-${pad(6100 + ((n * 379) % 3900), 4)}-${pad(1000 + ((n * 7331) % 9000), 4)}`,
        // NIK: region (4), district (2), birth day-month-year (6), sequence (4).
        Id_Card_No: `${t.nikRegion}${pad(1 + (n % 12), 2)}${pad(day, 2)}${pad(month, 2)}${pad(year % 100, 2)}${pad(1 + ((n * 37) % 9000), 4)}`,
        Date_Of_Birth: `${year}-${pad(month, 2)}-${pad(day, 2)}`,
        Address: `Jl. ${['Melati', 'Kenanga', 'Cempaka', 'Flamboyan', 'Teratai', 'Kamboja', 'Anggrek'][n % 7]} No. ${1 + ((n * 13) % 120)}, ${t.city}`,
      });
    }
  }
  return drivers;
}

export const DRIVERS: SeedRecord[] = buildDrivers();

function buildVehicles(): SeedRecord[] {
  const types = new Map(TRUCK_TYPE_SPECS.map((t) => [t.code, t]));
  const plates = new Set<string>();
  const vehicles: SeedRecord[] = [];
  let n = 0;
  for (const t of TRANSPORTER_SPECS) {
    for (let k = 0; k < t.fleet; k++, n++) {
      const typeCode = t.truckTypes[k % t.truckTypes.length]!;
      const type = types.get(typeCode);
      if (!type) throw new Error(`master demo: unknown truck type ${typeCode}`);
      const plate = `${t.plate} ${8001 + ((n * 389) % 1998)} ${t.suffixes[k % t.suffixes.length]}`;
      if (plates.has(plate)) throw new Error(`master demo: plate ${plate} twice`);
      plates.add(plate);
      const year = 2013 + ((n * 5) % 12);
      // The KIR test allows a little less than the type's nominal payload on older trucks.
      const capacity = type.capacityKg - (year < 2018 ? 500 * (1 + (n % 2)) : 0);
      const helpers = t.helperLocations && k < Math.ceil(t.fleet / 2) ? t.helperLocations : [];
      vehicles.push({
        Plate_No: plate,
        Transporter_Code: t.code,
        Truck_Type_Code: typeCode,
        Capacity_Kg: capacity,
        Tare_Kg: type.tareKg + ((n * 53) % 400),
        Brand: type.brands[n % type.brands.length]!,
        Year_Built: year,
        Chassis_No: `MH${'FJKL'[n % 4]}${['FM', 'FN', 'CW', 'GX'][n % 4]}${pad(year % 100, 2)}${'ABCDEFGH'[n % 8]}${pad(100000 + ((n * 48611) % 900000), 6)}`,
        Engine_No: `${['J08E', 'GH8E', 'MD92', '6D16'][n % 4]}${pad(30000 + ((n * 7717) % 70000), 5)}`,
        Stnk_Expiry_Date: addDays(BASE_DATE, 120 + ((n * 211) % 1600)),
        Kir_No: `${t.kirOffice} ${pad(10000 + ((n * 3571) % 90000), 5)}`,
        // The roadworthiness test is every six months.
        Kir_Expiry_Date: addDays(BASE_DATE, 25 + ((n * 13) % 170)),
        Helper_Locations: helpers.map((code) => ({ Location_Code: code })),
      });
    }
  }
  return vehicles;
}

export const VEHICLES: SeedRecord[] = buildVehicles();
