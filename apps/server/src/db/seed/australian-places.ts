/** Australian states, zones, suburbs (with their real postcodes), streets and sites for the demo data. */

export type StateCode = 'NSW' | 'VIC' | 'QLD' | 'WA' | 'SA' | 'TAS' | 'ACT' | 'NT';

export const STATE_TIMEZONES: Record<StateCode, string> = {
  NSW: 'Australia/Sydney',
  VIC: 'Australia/Melbourne',
  QLD: 'Australia/Brisbane',
  WA: 'Australia/Perth',
  SA: 'Australia/Adelaide',
  TAS: 'Australia/Hobart',
  ACT: 'Australia/Sydney',
  NT: 'Australia/Darwin',
};

/** Postcodes whose zone differs from their state's (far-west NSW keeps South Australian time). */
export const POSTCODE_TIMEZONE_EXCEPTIONS: Record<string, string> = { '2880': 'Australia/Broken_Hill' };

export function timezoneOfPostcode(postcode: string, state: StateCode): string {
  return POSTCODE_TIMEZONE_EXCEPTIONS[postcode] ?? STATE_TIMEZONES[state];
}

/** Telephone area codes (after +61) by state. */
export const STATE_AREA_CODES: Record<StateCode, string> = {
  NSW: '2',
  ACT: '2',
  VIC: '3',
  TAS: '3',
  QLD: '7',
  WA: '8',
  SA: '8',
  NT: '8',
};

export type Suburb = { suburb: string; postcode: string; state: StateCode };

const suburbs = (state: StateCode, list: string): Suburb[] =>
  list.split(';').map((entry) => {
    const [suburb = '', postcode = ''] = entry.split('=').map((s) => s.trim());
    return { suburb, postcode, state };
  });

export const SUBURBS: Suburb[] = [
  ...suburbs(
    'QLD',
    'Mackay=4740; Sarina=4737; Proserpine=4800; Bowen=4805; Townsville=4810; Cairns=4870; Rockhampton=4700; ' +
      'Bundaberg=4670; Gladstone=4680; Hervey Bay=4655; Emerald=4720; Mount Isa=4825; Toowoomba=4350; ' +
      'Southport=4215; Maroochydore=4558; Ipswich=4305; Chermside=4032; Logan Central=4114',
  ),
  ...suburbs(
    'NSW',
    'Parramatta=2150; Blacktown=2148; Penrith=2750; Liverpool=2170; Wollongong=2500; Newcastle=2300; ' +
      'Gosford=2250; Dubbo=2830; Orange=2800; Bathurst=2795; Wagga Wagga=2650; Tamworth=2340; Armidale=2350; ' +
      'Lismore=2480; Coffs Harbour=2450; Port Macquarie=2444; Albury=2640; Broken Hill=2880; Goulburn=2580; ' +
      'Chatswood=2067; Manly=2095; Hornsby=2077; Cronulla=2230',
  ),
  ...suburbs(
    'VIC',
    'Bendigo=3550; Ballarat=3350; Geelong=3220; Shepparton=3630; Mildura=3500; Warrnambool=3280; ' +
      'Traralgon=3844; Sale=3850; Horsham=3400; Wodonga=3690; Frankston=3199; Dandenong=3175; Box Hill=3128; ' +
      'Footscray=3011; Brunswick=3056; St Kilda=3182',
  ),
  ...suburbs(
    'WA',
    'Geraldton=6530; Kalgoorlie=6430; Bunbury=6230; Albany=6330; Broome=6725; Port Hedland=6721; ' +
      'Karratha=6714; Fremantle=6160; Joondalup=6027; Midland=6056; Rockingham=6168',
  ),
  ...suburbs(
    'SA',
    'Mount Gambier=5290; Whyalla=5600; Port Augusta=5700; Port Lincoln=5606; Murray Bridge=5253; ' +
      'Elizabeth=5112; Glenelg=5045; Norwood=5067',
  ),
  ...suburbs(
    'TAS',
    'Launceston=7250; Devonport=7310; Burnie=7320; Hobart=7000; Kingston=7050; Glenorchy=7010',
  ),
  ...suburbs(
    'NT',
    'Alice Springs=0870; Katherine=0850; Palmerston=0830; Darwin=0800; Casuarina=0810; Tennant Creek=0860',
  ),
  ...suburbs('ACT', 'Belconnen=2617; Woden=2606; Greenway=2900; Gungahlin=2912; Canberra=2601'),
];

/** How the service's patients spread over the states (it grew out of regional Queensland). */
export const STATE_WEIGHTS: readonly (readonly [StateCode, number])[] = [
  ['QLD', 40],
  ['NSW', 20],
  ['VIC', 14],
  ['WA', 9],
  ['SA', 6],
  ['TAS', 4],
  ['NT', 4],
  ['ACT', 3],
];

export const STREET_NAMES = (
  'Victoria;Albert;George;King;Queen;Wood;Nelson;Macquarie;Sydney;Gordon;Milton;Shakespeare;Alfred;' +
  'Bridge;Church;River;Beach;Harbour;Mill;Station;Railway;Park;Hill;Forest;Banksia;Wattle;Jacaranda;' +
  'Bottlebrush;Grevillea;Kookaburra;Lorikeet;Pioneer;Cane;Sugar Mill;Esplanade;Boundary;Hospital;Nebo;Gregory'
)
  .split(';')
  .map((name) => name.trim());

export const STREET_TYPES = [
  'Street',
  'Street',
  'Road',
  'Avenue',
  'Drive',
  'Court',
  'Crescent',
  'Place',
  'Parade',
  'Close',
];

/** Sites (hospitals and 'Own Device'); the order is the selector's sort order. */
export const SITES: readonly { name: string; state: StateCode | null }[] = [
  { name: 'Own Device', state: null },
  { name: 'Mackay Base Hospital', state: 'QLD' },
  { name: 'Proserpine Hospital', state: 'QLD' },
  { name: 'Sarina Hospital', state: 'QLD' },
  { name: 'Bowen Hospital', state: 'QLD' },
  { name: 'Townsville University Hospital', state: 'QLD' },
  { name: 'Rockhampton Hospital', state: 'QLD' },
  { name: 'Emerald Hospital', state: 'QLD' },
  { name: 'Dubbo Base Hospital', state: 'NSW' },
  { name: 'Broken Hill Health Service', state: 'NSW' },
  { name: 'Mildura Base Public Hospital', state: 'VIC' },
  { name: 'Geraldton Health Campus', state: 'WA' },
  { name: 'Alice Springs Hospital', state: 'NT' },
  { name: 'Mount Gambier and Districts Health Service', state: 'SA' },
  { name: 'Anywhere Healthcare', state: null },
];

/** Words for invented clinic names ('Bayside Family Medical Centre' ...). */
export const CLINIC_PREFIXES = [
  'Bayside',
  'Riverside',
  'Harbourside',
  'Northside',
  'Greenfields',
  'Hilltop',
  'Lakeside',
  'Southern Cross',
  'Eastside',
  'Westgate',
  'Sandstone',
  'Red Gum',
  'Ironbark',
  'Seaview',
  'Parkside',
  'Valley',
  'Sunrise',
];
/** Regional names that only make sense in one state. */
export const CLINIC_PREFIXES_BY_STATE: Partial<Record<StateCode, string[]>> = {
  QLD: ['Whitsunday', 'Pioneer Valley', 'Coral Coast', 'Capricorn', 'Tropical North'],
  NSW: ['Tablelands', 'Midcoast', 'Riverina'],
  WA: ['Goldfields', 'Pilbara', 'Midwest'],
  VIC: ['Sunraysia', 'Gippsland', 'Goulburn Valley'],
  NT: ['Top End', 'Red Centre'],
  SA: ['Limestone Coast', 'Eyre Peninsula'],
  TAS: ['North West Coast', 'Tamar Valley'],
};
export const CLINIC_SUFFIXES = [
  'Family Medical Centre',
  'Medical Practice',
  'Medical Clinic',
  'General Practice',
  'Health Centre',
  'Family Doctors',
  'Medical Group',
];

/** Suburbs inside a capital or large coastal city (the rest count as rural for clinic preferences). */
export const METRO_SUBURBS = new Set([
  'Southport',
  'Maroochydore',
  'Ipswich',
  'Chermside',
  'Logan Central',
  'Parramatta',
  'Blacktown',
  'Penrith',
  'Liverpool',
  'Wollongong',
  'Newcastle',
  'Gosford',
  'Chatswood',
  'Manly',
  'Hornsby',
  'Cronulla',
  'Geelong',
  'Frankston',
  'Dandenong',
  'Box Hill',
  'Footscray',
  'Brunswick',
  'St Kilda',
  'Fremantle',
  'Joondalup',
  'Midland',
  'Rockingham',
  'Elizabeth',
  'Glenelg',
  'Norwood',
  'Hobart',
  'Kingston',
  'Glenorchy',
  'Palmerston',
  'Darwin',
  'Casuarina',
  'Belconnen',
  'Woden',
  'Greenway',
  'Gungahlin',
  'Canberra',
]);
