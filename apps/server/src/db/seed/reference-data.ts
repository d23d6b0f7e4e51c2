/** Fixed reference lists for the demo data: specialities, templates, benefits, note texts. */

export type SpecialityInfo = {
  name: string;
  /** What a specialist of this kind calls themselves on the profile. */
  profileTitle: string;
  fellowship: string;
  skills: string[];
  focus: string;
};

export const SPECIALITIES: readonly SpecialityInfo[] = [
  {
    name: 'Cardiology',
    profileTitle: 'Consultant Cardiologist',
    fellowship: 'FRACP',
    skills: [
      'Heart failure',
      'Atrial fibrillation',
      'Hypertension',
      'Chest pain assessment',
      'Echocardiography',
    ],
    focus: 'heart failure, rhythm disorders and cardiovascular risk',
  },
  {
    name: 'Endocrinology',
    profileTitle: 'Consultant Endocrinologist',
    fellowship: 'FRACP',
    skills: [
      'Type 1 and type 2 diabetes',
      'Thyroid disease',
      'Osteoporosis',
      'Pituitary disorders',
      'Obesity',
    ],
    focus: 'diabetes, thyroid and metabolic bone disease',
  },
  {
    name: 'Gastroenterology',
    profileTitle: 'Consultant Gastroenterologist',
    fellowship: 'FRACP',
    skills: ['Inflammatory bowel disease', 'Liver disease', 'Reflux', 'Coeliac disease', 'Iron deficiency'],
    focus: 'inflammatory bowel disease and chronic liver disease',
  },
  {
    name: 'Neurology',
    profileTitle: 'Consultant Neurologist',
    fellowship: 'FRACP',
    skills: ['Epilepsy', 'Headache and migraine', "Parkinson's disease", 'Multiple sclerosis', 'Neuropathy'],
    focus: 'epilepsy, headache and movement disorders',
  },
  {
    name: 'Respiratory Medicine',
    profileTitle: 'Respiratory and Sleep Physician',
    fellowship: 'FRACP',
    skills: ['Asthma', 'COPD', 'Sleep apnoea', 'Interstitial lung disease', 'Chronic cough'],
    focus: 'airways disease and sleep-disordered breathing',
  },
  {
    name: 'Rheumatology',
    profileTitle: 'Consultant Rheumatologist',
    fellowship: 'FRACP',
    skills: ['Rheumatoid arthritis', 'Gout', 'Lupus', 'Psoriatic arthritis', 'Biologic therapy'],
    focus: 'inflammatory arthritis and connective tissue disease',
  },
  {
    name: 'Psychiatry',
    profileTitle: 'Consultant Psychiatrist',
    fellowship: 'FRANZCP',
    skills: ['Depression', 'Anxiety disorders', 'Bipolar disorder', 'ADHD (adult)', 'Medication review'],
    focus: 'mood and anxiety disorders in adults',
  },
  {
    name: 'Paediatrics',
    profileTitle: 'Consultant Paediatrician',
    fellowship: 'FRACP',
    skills: ['Developmental delay', 'ADHD', 'Autism assessment', 'Growth concerns', 'Childhood asthma'],
    focus: 'child development and behaviour',
  },
  {
    name: 'Geriatric Medicine',
    profileTitle: 'Consultant Geriatrician',
    fellowship: 'FRACP',
    skills: ['Memory assessment', 'Falls', 'Polypharmacy', 'Frailty', 'Advance care planning'],
    focus: 'memory, falls and complex care in older people',
  },
  {
    name: 'Nephrology',
    profileTitle: 'Consultant Nephrologist',
    fellowship: 'FRACP',
    skills: ['Chronic kidney disease', 'Glomerulonephritis', 'Renal hypertension', 'Electrolyte disorders'],
    focus: 'chronic kidney disease and its complications',
  },
  {
    name: 'Dermatology',
    profileTitle: 'Consultant Dermatologist',
    fellowship: 'FACD',
    skills: ['Psoriasis', 'Eczema', 'Skin cancer surveillance', 'Acne'],
    focus: 'inflammatory skin disease',
  },
];

/** The spec's appointment length options (new - review minutes). */
export const APPOINTMENT_LENGTHS: readonly (readonly [number, number])[] = [
  [15, 15],
  [20, 10],
  [30, 15],
  [30, 20],
  [30, 30],
  [40, 20],
  [45, 15],
  [45, 20],
  [45, 30],
  [60, 20],
  [60, 30],
  [60, 60],
  [90, 45],
  [120, 45],
];

/** Typical clinic sessions (start-end pairs) a specialist offers on a day. */
export const SESSION_PATTERNS: readonly (readonly (readonly [string, string])[])[] = [
  [['09:00', '12:00']],
  [['13:00', '16:30']],
  [
    ['09:00', '12:00'],
    ['13:00', '16:30'],
  ],
  [
    ['08:30', '10:30'],
    ['11:00', '13:00'],
    ['14:00', '17:00'],
  ],
  [
    ['10:00', '12:30'],
    ['13:30', '15:30'],
  ],
  [['14:00', '18:00']],
];

export const QUALIFICATION_PREFIXES = ['MBBS', 'MBBS (Hons)', 'MBChB', 'BMed', 'MD', 'BMBS'];
export const QUALIFICATION_EXTRAS = ['PhD', 'MPH', 'GradDip Clin Epi', 'MMed', ''];
export const LANGUAGES = [
  'English',
  'English',
  'English',
  'English, Mandarin',
  'English, Vietnamese',
  'English, Hindi',
  'English, Greek',
  'English, Arabic',
  'English, Italian',
];

export const SPECIALIST_RULES = [
  'No patients under 16 years',
  'Requires bloods within the last 3 months',
  'New patients need a GP or nurse present',
  'Interpreter must be booked 1 week ahead',
  'Reviews only on Fridays',
  'Maximum 2 new patients per session',
];

export { RESULT_INSPECTIONS } from '@telecare/domain/result-inspections';

export const ADMIN_CHECK_NOTES = [
  'Referral letter checked',
  'Missing Medicare IRN - called patient',
  'Awaiting updated referral from GP',
  'Letter typed, waiting on sign-off',
  'Letter sent to GP',
  'Letter sent to GP and patient',
  'Results attached to letter',
  'Interpreter required',
  'Referral expires soon - GP notified',
  'DVA card details confirmed',
  'GP practice changed - details updated',
  'Duplicate referral merged',
  'Specialist requested copy of previous letter',
  'Address confirmed with patient',
];

export const BOOKING_NOTES = [
  'Prefers morning appointments',
  'Call daughter (carer) first',
  'Poor mobile reception at home - try landline',
  'Works night shift, afternoons best',
  'Needs hospital site - no device at home',
  'Travels from a remote community, allow extra notice',
  'Hearing impaired - use video with captions',
  'Requested female clinician',
  'Patient on holidays until the end of the month',
];

export const RESULTS_NOTES = [
  'Bloods due 2 weeks before appointment',
  'Results requested from GP',
  'Imaging report received',
  'Awaiting echo report',
  'Pathology form sent to patient',
  'Results uploaded to file',
];

export const POSTPONE_REASONS = [
  'Patient unwell',
  'Patient travelling',
  'Work commitments',
  'Awaiting test results',
  'Family emergency',
  'Transport not available',
];
export const CANCEL_REASONS = [
  'Patient feels better',
  'Seeing a specialist privately',
  'Moved interstate',
  'No longer required per GP',
  'Patient declined telehealth',
];

export const TODO_DESCRIPTIONS = [
  'Call patient to confirm mobile number',
  'Chase GP for an updated referral',
  'Request pathology results from GP',
  'Book interpreter for the appointment',
  'Resend video link to patient',
  'Follow up specialist letter',
  'Confirm Medicare details',
  'Rebook after FTA',
  'Email clinic the appointment letter',
  'Check hospital room availability',
  'Confirm carer can attend',
  'Send GP report to referrer',
];

export type SmsTemplateSeed = { name: string; type: 'AT_GP' | 'AT_HOME'; sortOrder: number; content: string };

const atHome = (set: string): SmsTemplateSeed[] => [
  {
    name: `${set} - booking (own device)`,
    type: 'AT_HOME',
    sortOrder: 1,
    content:
      'Hi {patientName}, your telehealth appointment with {specialistName} is booked for {appointmentTime}. ' +
      'You will join by video on your own device. Reply YES to confirm or NO if you cannot attend. Telecare',
  },
  {
    name: `${set} - reminder (own device)`,
    type: 'AT_HOME',
    sortOrder: 2,
    content:
      'Reminder: {patientName}, your video appointment with {specialistName} is at {appointmentTime}. ' +
      'Please have your Medicare card ready. Reply YES to confirm. Telecare',
  },
  {
    name: `${set} - day before (own device)`,
    type: 'AT_HOME',
    sortOrder: 3,
    content: 'Hi {patientName}, see you tomorrow at {appointmentTime}. Your link: {videoLink}. Telecare',
  },
];

const atGp = (set: string): SmsTemplateSeed[] => [
  {
    name: `${set} - booking (hospital)`,
    type: 'AT_GP',
    sortOrder: 1,
    content:
      'Hi {patientName}, your telehealth appointment with {specialistName} is booked for {appointmentTime} ' +
      'at {siteName}. Please arrive 15 minutes early. Reply YES to confirm or NO if you cannot attend. Telecare',
  },
  {
    name: `${set} - reminder (hospital)`,
    type: 'AT_GP',
    sortOrder: 2,
    content:
      'Reminder: {patientName}, your appointment with {specialistName} is at {appointmentTime} at {siteName}. ' +
      'Reply YES to confirm. Telecare',
  },
  {
    name: `${set} - day before (hospital)`,
    type: 'AT_GP',
    sortOrder: 3,
    content: 'Hi {patientName}, see you tomorrow at {appointmentTime} at {siteName}. Telecare',
  },
];

export const SMS_TEMPLATE_SETS: readonly { name: string; type: string; templates: SmsTemplateSeed[] }[] = [
  { name: 'Standard', type: 'DEFAULT', templates: [...atHome('Standard'), ...atGp('Standard')] },
  {
    name: 'Paediatric (parent or guardian)',
    type: 'CUSTOM',
    templates: [...atHome('Paediatric'), ...atGp('Paediatric')],
  },
  { name: 'Regional hospitals', type: 'CUSTOM', templates: [...atHome('Regional'), ...atGp('Regional')] },
];

export const MANUAL_SMS_TEMPLATES = [
  {
    name: 'Please call us',
    content:
      'Hi {patientName}, please call Telecare on 1300 000 000 about your specialist appointment. Thank you.',
  },
  {
    name: 'Referral expired',
    content:
      'Hi {patientName}, your referral for {specialityName} has expired. Please see your GP for a new referral. Telecare',
  },
  {
    name: 'Appointment rescheduled',
    content:
      'Hi {patientName}, your appointment has been moved to {appointmentTime}. Reply YES to confirm. Telecare',
  },
  {
    name: 'Results needed',
    content:
      'Hi {patientName}, please have your blood tests done before your appointment on {appointmentDate}. Telecare',
  },
  {
    name: 'Video link',
    content: 'Hi {patientName}, here is your video link for today: {videoLink}. Telecare',
  },
];

export const EMAIL_TEMPLATES = [
  {
    name: 'Appointment confirmation',
    subject: 'Your telehealth appointment on {appointmentDate}',
    body:
      'Dear {patientName},\n\nYour telehealth appointment with {specialistName} ({specialityName}) is booked for ' +
      '{appointmentTime}.\n\nIf you cannot attend, please call us as soon as possible.\n\nKind regards,\nTelecare',
  },
  {
    name: 'Request for updated referral',
    subject: 'Updated referral required for {patientName}',
    body:
      'Dear {referrerName},\n\nThe referral for {patientName} (DOB {dateOfBirth}) to {specialityName} expires on ' +
      '{referralEndDate}. Please send an updated referral so we can continue care.\n\nKind regards,\nTelecare',
  },
  {
    name: 'Request for results',
    subject: 'Results required before appointment - {patientName}',
    body:
      'Dear {referrerName},\n\n{specialistName} has asked for the following results before the appointment on ' +
      '{appointmentDate}: {inspections}.\n\nKind regards,\nTelecare',
  },
  {
    name: 'Specialist letter to GP',
    subject: 'Specialist letter - {patientName}',
    body:
      'Dear {referrerName},\n\nPlease find attached the letter from {specialistName} following the appointment on ' +
      '{appointmentDate}.\n\nKind regards,\nTelecare',
  },
];

export const LETTER_TEMPLATES = [
  {
    name: 'Appointment letter',
    content:
      '<p>{date}</p><p>Dear {patientName},</p><p>An appointment has been made for you with {specialistName} ' +
      '({specialityName}) on {appointmentTime} at {siteName}.</p><p>Please bring your Medicare card and a list of ' +
      'your current medicines.</p><p>Yours sincerely,<br/>Telecare Bookings</p>',
  },
  {
    name: 'Return to GP letter',
    content:
      '<p>{date}</p><p>Dear {referrerName},</p><p>We have been unable to contact {patientName} (DOB {dateOfBirth}) ' +
      'to arrange the {specialityName} appointment. The referral is returned to you for follow-up.</p>' +
      '<p>Yours sincerely,<br/>Telecare Bookings</p>',
  },
];

/** About 45 Medicare item numbers and benefits (amounts invented but shaped like the schedule). */
export const SERVICE_BENEFITS: readonly (readonly [string, string])[] = [
  ['104', '98.95'],
  ['105', '49.80'],
  ['106', '75.30'],
  ['107', '117.80'],
  ['108', '150.65'],
  ['109', '98.95'],
  ['110', '171.30'],
  ['116', '85.75'],
  ['119', '48.65'],
  ['132', '300.25'],
  ['133', '150.15'],
  ['141', '325.40'],
  ['143', '402.75'],
  ['145', '234.85'],
  ['147', '134.30'],
  ['289', '312.90'],
  ['291', '402.75'],
  ['293', '234.85'],
  ['296', '288.75'],
  ['297', '134.30'],
  ['299', '99.50'],
  ['300', '46.25'],
  ['302', '91.35'],
  ['304', '126.05'],
  ['306', '174.65'],
  ['308', '215.75'],
  ['310', '23.15'],
  ['312', '46.25'],
  ['314', '67.20'],
  ['316', '91.35'],
  ['318', '126.05'],
  ['319', '189.15'],
  ['91824', '150.65'],
  ['91825', '75.30'],
  ['91826', '117.80'],
  ['91827', '171.30'],
  ['91828', '85.75'],
  ['91832', '402.75'],
  ['91833', '234.85'],
  ['91834', '134.30'],
  ['91835', '67.20'],
  ['91836', '300.25'],
  ['91837', '150.15'],
  ['92437', '312.90'],
  ['92438', '234.85'],
];
