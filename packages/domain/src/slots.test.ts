import { describe, expect, it } from 'vitest';
import { fitsInSlot, isValidDate, splitSlots, toHhmm, toMinutes } from './slots.ts';

const range = (start: string, end: string, room = 1) => ({
  start: toMinutes(start),
  end: toMinutes(end),
  room,
});
const text = (slots: { start: number; end: number; room: number }[]) =>
  slots.map((s) => `${toHhmm(s.start)}-${toHhmm(s.end)}@${s.room}`);

describe('slots', () => {
  it('reads and writes HH:mm', () => {
    expect(toMinutes('09:30')).toBe(570);
    expect(toMinutes('09:30:00')).toBe(570);
    expect(toHhmm(570)).toBe('09:30');
    expect(toHhmm(5)).toBe('00:05');
  });

  it('splits a slot around booked times', () => {
    const free = splitSlots([range('09:00', '12:00', 2)], [range('10:00', '10:30'), range('11:00', '11:15')]);
    expect(text(free)).toEqual(['09:00-10:00@2', '10:30-11:00@2', '11:15-12:00@2']);
  });

  it('drops fully booked slots and clips bookings that overhang a slot', () => {
    expect(splitSlots([range('09:00', '10:00')], [range('08:00', '11:00')])).toEqual([]);
    const free = splitSlots(
      [range('13:00', '15:00', 3), range('09:00', '10:00')],
      [range('08:30', '09:15'), range('14:45', '16:00'), range('09:30', '09:40')],
    );
    expect(text(free)).toEqual(['09:15-09:30@1', '09:40-10:00@1', '13:00-14:45@3']);
  });

  it('leaves a slot whole when no booking touches it', () => {
    expect(text(splitSlots([range('09:00', '10:00')], [range('10:00', '10:30')]))).toEqual(['09:00-10:00@1']);
  });

  it('fits a start and duration only inside one free slot', () => {
    const free = splitSlots([range('09:00', '12:00')], [range('10:00', '10:30')]);
    expect(fitsInSlot(free, toMinutes('09:30'), 30)).toBe(true);
    expect(fitsInSlot(free, toMinutes('09:45'), 30)).toBe(false);
    expect(fitsInSlot(free, toMinutes('10:30'), 90)).toBe(true);
    expect(fitsInSlot(free, toMinutes('11:45'), 30)).toBe(false);
    expect(fitsInSlot(free, toMinutes('09:00'), 0)).toBe(false);
  });

  it('accepts a date only when a slot is long enough and the date is not in the past', () => {
    const free = splitSlots([range('09:00', '10:00')], [range('09:20', '09:40')]);
    expect(isValidDate('2030-01-10', '2030-01-09', free, 20)).toBe(true);
    expect(isValidDate('2030-01-10', '2030-01-10', free, 20)).toBe(true);
    expect(isValidDate('2030-01-10', '2030-01-09', free, 30)).toBe(false);
    expect(isValidDate('2030-01-08', '2030-01-09', free, 20)).toBe(false);
    expect(isValidDate('2030-01-10', '2030-01-09', [], 5)).toBe(false);
  });
});
