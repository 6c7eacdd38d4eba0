// Shapes the console reads from the server (spec/1 §3, spec/3 §3). Wire names exactly as the server sends them.

export type Language = 'en' | 'id';

export interface MenuItem {
  Id: number;
  Code?: string;
  Title_En: string;
  Title_Id: string;
  Route?: string | null;
  Controller?: string | null;
  Action?: string | null;
  Icon?: string | null;
  Items?: MenuItem[];
}

export interface UserData {
  Id: number;
  Username: string;
  Employee_Number?: string | null;
  Full_Name: string;
  Email?: string | null;
  /** USER, TRANSPORTER, DRIVER, CUSTOMER or VENDOR (spec/3 §6). */
  Role: string;
  Is_Admin: boolean;
  /** Directory (AD) login: such users never get Change Password. */
  Use_AD: boolean;
  /** WAREHOUSE or LOGISTIC for internal users. */
  Department?: string | null;
  Language?: string | null;
  Transporter_Code?: string | null;
  Customer_Vendor_Code?: string | null;
  Token?: string;
  Menus: MenuItem[];
}

export interface LoginData {
  token: string;
  /** ISO timestamp. */
  token_expiry: string;
  user_data: UserData;
}

export interface VersionInfo {
  version: string;
  environment: string;
  product?: string;
}

export interface ChangelogEntry {
  Version: string;
  /** YYYY-MM-DD */
  Version_Date: string;
  Details: { Id: number; Description: string }[];
}

export interface Permission {
  View: boolean;
  Create: boolean;
  Edit: boolean;
  Delete: boolean;
}
