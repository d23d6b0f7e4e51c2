import type { UseFormReturnType } from '@mantine/form';
import type { ClientFormValues } from './client-form-values';

const byScreenOrder = (a: HTMLElement, b: HTMLElement) =>
  a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;

/**
 * Brings the first field in error (in screen order, whatever section it is in) to the middle of
 * its scroll area and focuses it, once React has shown the errors. Centred, because the form's
 * header and its sticky Save bar would cover a field scrolled only just into view.
 */
export function focusFirstError(form: UseFormReturnType<ClientFormValues>, errors: Record<string, unknown>) {
  requestAnimationFrame(() => {
    const [first] = Object.keys(errors)
      .map((path) => form.getInputNode(path))
      .filter((node): node is HTMLElement => node !== null && !node.hasAttribute('disabled'))
      .sort(byScreenOrder);
    if (!first) return;
    first.scrollIntoView({ block: 'center' });
    first.focus({ preventScroll: true });
  });
}
