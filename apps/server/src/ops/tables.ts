export interface StoreMetaTable {
  key: string;
  value: string;
}

export interface OpsTables {
  store_meta: StoreMetaTable;
}

declare module '../database' {
  interface GameDatabase extends OpsTables {}
}
