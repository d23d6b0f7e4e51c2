// Mantine's whole stylesheet, fetched with the first lazy screen (see ./lazy-screen.tsx): the
// sign-in page needs only ./sign-in-styles (docs/decisions/0024).
import '@mantine/core/styles.css';
