import {
  AvailabilitySlotQuerySchema,
  AvailabilitySlotResponseSchema,
  BookingResponseSchema,
  CancelBookingRequestSchema,
  CancelBookingResponseSchema,
  CancellationEmailRequestSchema,
  CancellationEmailResponseSchema,
  CreateBookingRequestSchema,
  RescheduleBookingRequestSchema,
} from '@telecare/contracts/booking';
import { Permission } from '@telecare/domain/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { originOf, requireAuth } from '../../plugins/auth.ts';
import type { BookingService } from './booking.service.ts';

const tags = ['booking'];
const URL = '/api/admin/coreplus/appointment';

export function bookingRoutes(booking: BookingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/coreplus/availability-slot',
      {
        config: { access: Permission.workflowRead },
        schema: {
          tags,
          description:
            "The specialist's available dates in a month (today or later) with their free slots: each availability timeslot split around the booked appointments, as HH:mm in the day's timezone.",
          querystring: AvailabilitySlotQuerySchema,
          response: { 200: AvailabilitySlotResponseSchema },
        },
      },
      async (request) => booking.availability(request.query),
    );

    app.post(
      URL,
      {
        config: { access: Permission.workflowWrite },
        schema: {
          tags,
          description:
            "Books the workflow's appointment. 400 {code, message} with the spec's booking messages, checked in the spec's order; 409 when the time was just taken or the workflow already has an appointment.",
          body: CreateBookingRequestSchema,
          response: { 201: BookingResponseSchema },
        },
      },
      async (request, reply) => {
        const booked = await booking.create(requireAuth(request), originOf(request), request.body);
        return reply.status(201).send(booked);
      },
    );

    app.patch(
      URL,
      {
        config: { access: Permission.workflowWrite },
        schema: {
          tags,
          description: "Reschedules the workflow's appointment, with the booking time checks.",
          body: RescheduleBookingRequestSchema,
          response: { 200: BookingResponseSchema },
        },
      },
      async (request) => booking.reschedule(requireAuth(request), originOf(request), request.body),
    );

    app.delete(
      URL,
      {
        config: { access: Permission.workflowWrite },
        schema: {
          tags,
          description:
            "Cancels the workflow's appointment (kept, marked cancelled) and sets the workflow back to awaitingBooking; optionally queues cancellation e-mails.",
          body: CancelBookingRequestSchema,
          response: { 200: CancelBookingResponseSchema },
        },
      },
      async (request) => booking.cancel(requireAuth(request), originOf(request), request.body),
    );

    app.post(
      '/api/admin/email/delete-appointment',
      {
        config: { access: Permission.workflowWrite },
        schema: {
          tags,
          description:
            "Queues the cancellation e-mail of a cancelled appointment to the workflow's referrer and/or the appointment's practitioner. The addresses and the text (patient, specialist, time) come from our records, never from the request. 404 for an unknown workflow or appointment, 409 when the appointment is not cancelled, 400 when no chosen recipient has an e-mail address.",
          body: CancellationEmailRequestSchema,
          response: { 200: CancellationEmailResponseSchema },
        },
      },
      async (request) => booking.sendCancellationEmail(requireAuth(request), originOf(request), request.body),
    );
  };
}
