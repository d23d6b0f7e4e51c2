import {
  AppointmentRequestsPage,
  type ApproveRequestSlot,
} from '../features/appointment-requests/components/appointment-requests-page';
import { lazyScreen } from './lazy-screen';
import { LazyModal } from './modal-loader';

/** The booking form is fetched when first opened, not with the list (docs/decisions/0024). */
const BookingModal = lazyScreen(() => import('../features/booking/components/booking-modal'), 'BookingModal');

/** Approve opens the booking form in request mode (features compose here, Rule 9). */
const renderApprove: ApproveRequestSlot = (request, close) => (
  <LazyModal onClose={close}>
    <BookingModal mode="request" request={request} onClose={close} />
  </LazyModal>
);

/** apt-requests: the request list, whose Approve is the booking form. */
export function AppointmentRequestsScreen() {
  return <AppointmentRequestsPage renderApprove={renderApprove} />;
}
