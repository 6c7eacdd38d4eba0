// An order's status as a coloured badge (DESIGN §4 "Order states"): waiting for an approval in the warning colour,
// waiting for the transporter in the brand colour, on its way in the informative one, done in the success colour,
// rejected and cancelled in the danger colour. The text is the master list's, in the interface language.
import { Badge, type BadgeProps } from '@fluentui/react-components';

const COLOURS: Record<string, BadgeProps['color']> = {
  'WAITING FOR ASSIGN TO TRANSPORTER APPROVAL': 'warning',
  'WAITING FOR ORDER APPROVAL': 'warning',
  'ASSIGNED TO TRANSPORTER': 'brand',
  ACCEPTED: 'success',
  COMPLETED: 'success',
  REJECTED: 'danger',
  CANCELLED: 'danger',
};

export function OrderStatusBadge({ code, text }: { code: string; text: string }) {
  if (!code) return null;
  return (
    <Badge appearance="tint" shape="rounded" color={COLOURS[code] ?? 'informative'}>
      {text || code}
    </Badge>
  );
}
