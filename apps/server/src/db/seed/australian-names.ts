/** Given names and surnames common in Australia, combined at random into invented people. */

const words = (text: string) => text.trim().split(/\s+/);

export const FEMALE_FIRST_NAMES = words(
  'Olivia Charlotte Amelia Isla Mia Ava Grace Chloe Sophie Emily Zoe Ruby Matilda Harper Evie ' +
    'Lily Hannah Ella Sienna Georgia Jessica Sarah Rebecca Kate Emma Lauren Megan Natalie Rachel ' +
    'Nicole Michelle Karen Susan Julie Tracey Kylie Leanne Donna Sharon Deborah Margaret Patricia ' +
    'Joan Dorothy Beverley Shirley Judith Helen Barbara Valerie Priya Anjali Mei Linh Thi Ngoc ' +
    'Fatima Aisha Sofia Maria Eleni Giulia Aroha Mele Yasmin Hiba Jasmine Tahlia Brooke Kirra',
);

export const MALE_FIRST_NAMES = words(
  'Oliver Noah Jack William Leo Lucas Thomas Henry Charlie James Hudson Ethan Harrison Cooper ' +
    'Archie Lachlan Riley Mason Liam Max Daniel Matthew Andrew Joshua Benjamin Samuel Nathan Luke ' +
    'Ryan Adam Michael David Mark Paul Peter Stephen Craig Darren Shane Wayne John Robert Kevin ' +
    'Graham Barry Raymond Keith Kenneth Geoffrey Ronald Arjun Rahul Wei Minh Duc Mohammed Ali ' +
    'Omar Giorgos Nikolaos Marco Luca Tane Sione Jayden Bailey Kai Tyson Jarrah Flynn',
);

export const UNISEX_FIRST_NAMES = words('Alex Sam Jordan Casey Taylor Jamie Robin Morgan');

export const LAST_NAMES = words(
  'Smith Jones Williams Brown Wilson Taylor Johnson White Martin Anderson Thompson Nguyen ' +
    'Thomas Walker Harris Lee Ryan Robinson Kelly King Davis Wright Evans Roberts Green Hall Wood ' +
    "Jackson Clarke Patel Khan Lewis James Phillips Mitchell Campbell Murphy O'Brien O'Connor " +
    'McDonald Scott Young Edwards Turner Hughes Baker Hill Cooper Morris Ward Tran Le Pham Chen ' +
    'Wang Zhang Li Liu Huang Singh Kaur Sharma Papadopoulos Nikolaidis Rossi Russo Esposito ' +
    'Haddad Khoury Ahmed Fraser Stewart Gallagher Byrne Sullivan Doyle Fitzgerald Henderson ' +
    'Sutherland McKenzie Bennett Carter Parker Collins Stevens Watson Bell Reid Kennedy Graham ' +
    'Marshall Ellis Gibson Hunter Wallace Hayes Dunn Burke Quinn Moreton',
);
