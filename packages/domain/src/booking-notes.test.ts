import { describe, expect, it } from 'vitest';
import { AUTO_NOTES_MARKER, autoNotes, joinNotes, rtOffered, userNotes } from './booking-notes.ts';

describe('booking notes', () => {
  it("keeps staff's part apart from the auto part", () => {
    const notes = joinNotes('Needs interpreter', ['Booked by Sam Staff', 'Dial-in: Zoom']);
    expect(notes).toBe(`Needs interpreter\n\n${AUTO_NOTES_MARKER}\nBooked by Sam Staff\nDial-in: Zoom`);
    expect(userNotes(notes)).toBe('Needs interpreter');
    expect(autoNotes(notes)).toEqual(['Booked by Sam Staff', 'Dial-in: Zoom']);
  });

  it('re-joining edited notes keeps one marker and the earlier auto lines', () => {
    const first = joinNotes('a', ['one']);
    const again = joinNotes(`${userNotes(first)} b`, [...autoNotes(first), 'two']);
    expect(again?.split(AUTO_NOTES_MARKER)).toHaveLength(2);
    expect(userNotes(again)).toBe('a b');
    expect(autoNotes(again)).toEqual(['one', 'two']);
    expect(joinNotes(`typed ${AUTO_NOTES_MARKER} pasted`, [])).toBe('typed');
  });

  it('has no notes when both parts are empty, and only the auto part without user notes', () => {
    expect(joinNotes('  ', [])).toBeNull();
    expect(joinNotes(null, ['x'])).toBe(`${AUTO_NOTES_MARKER}\nx`);
    expect(userNotes(null)).toBe('');
  });

  it('offers RT only while the RT note is not blank', () => {
    expect(rtOffered('')).toBe(false);
    expect(rtOffered('   ')).toBe(false);
    expect(rtOffered(null)).toBe(false);
    expect(rtOffered('Radiotherapy review')).toBe(true);
  });
});
