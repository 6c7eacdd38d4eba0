// The Select Transporter dialog (spec/2 §2.2 "Select Transporter dialog", §9; DESIGN §4 "Freight options"): the
// freight options of the lane for the included lines, from list/transporter_freight, cheapest first with the
// suggested (cheapest) one marked. The trips asked for (default 1, whole trips only; fixed at 1 for the
// individual-truck shipment type, where each truck is its own order) and truck rental change the options, so
// they are asked again. Each option opens onto the materials it was priced for. Choosing one hands it back with
// the suggested option, whose cost becomes the entry's freight_suggested (a cost above it needs a reason).
import {
  Badge,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ChevronDown16Regular, ChevronRight16Regular } from '@fluentui/react-icons';
import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TransporterFreightBody, TransporterOption } from '../../../../../db/resources/order-assign';
import { api } from '../../../api/client';
import { useNotify } from '../../../shell/notify';
import { formatQty } from '../shared/format';

export const DEFAULT_TRIPS = 1;

export interface SelectTransporterDialogProps {
  open: boolean;
  /** The request without trips and truck rental, which the dialog sets. */
  request: Omit<TransporterFreightBody, 'container' | 'truck_rental'> | null;
  /** The individual-truck shipment type takes one trip per order: the trips input is locked. */
  tripsLocked: boolean;
  onPick: (
    option: TransporterOption,
    suggested: TransporterOption | undefined,
    trips: number,
    truckRental: boolean,
  ) => void;
  onClose: () => void;
}

const useStyles = makeStyles({
  surface: {
    width: '75vw',
    maxWidth: '75vw',
  },
  controls: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalL,
  },
  trips: {
    width: '120px',
  },
  scroll: {
    maxHeight: '400px',
    overflow: 'auto',
    marginTop: tokens.spacingVerticalM,
  },
  table: {
    tableLayout: 'auto',
    minWidth: '900px',
  },
  number: {
    textAlign: 'right',
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
  },
  suggested: {
    backgroundColor: tokens.colorPaletteGreenBackground1,
  },
  materials: {
    paddingLeft: tokens.spacingHorizontalXXL,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  empty: {
    display: 'block',
    padding: tokens.spacingVerticalL,
    color: tokens.colorNeutralForeground3,
  },
});

const money = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });
const formatMoney = (n: number | null | undefined) => (n === null || n === undefined ? '' : money.format(n));

export function SelectTransporterDialog(props: SelectTransporterDialogProps) {
  const { open, request, tripsLocked, onPick, onClose } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const notify = useNotify();
  const [tripsText, setTripsText] = useState(String(DEFAULT_TRIPS));
  const [truckRental, setTruckRental] = useState(false);
  // The options with the request they answer: while another request is out, the old ones do not show.
  const [answer, setAnswer] = useState<{ key: string; options: TransporterOption[] } | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const trips = tripsLocked ? DEFAULT_TRIPS : Math.max(1, Math.trunc(Number(tripsText)) || DEFAULT_TRIPS);
  const requestKey = open && request ? JSON.stringify([request, trips, truckRental]) : null;

  useEffect(() => {
    if (!requestKey || !request) return;
    let live = true;
    const key = requestKey;
    const body: TransporterFreightBody = { ...request, container: trips, truck_rental: truckRental };
    api
      .post<TransporterOption[]>('list/transporter_freight', body)
      .then((res) => {
        if (!live) return;
        if (res.success && Array.isArray(res.data)) {
          // The server answers cheapest first and marks the suggested one.
          setAnswer({ key, options: res.data });
          return;
        }
        setAnswer({ key, options: [] });
        notify.error(res.message || t('common.requestFailed'), t('selectTransporter.failed'));
      })
      .catch((error: unknown) => {
        if (!live) return;
        setAnswer({ key, options: [] });
        notify.failure(error, t('common.requestFailed'));
      });
    return () => {
      live = false;
    };
    // requestKey says everything the request depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey]);

  const options = answer && answer.key === requestKey ? answer.options : null;
  const suggested = options?.find((option) => option.suggested) ?? options?.[0];

  function toggle(key: string) {
    setExpanded((previous) => {
      const next = new Set(previous);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }

  return (
    <Dialog open={open} modalType="modal" onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{t('selectTransporter.title')}</DialogTitle>
          <DialogContent>
            <div className={styles.controls}>
              <Field label={t('selectTransporter.trips')} hint={t('selectTransporter.tripsHint')}>
                <Input
                  className={styles.trips}
                  inputMode="numeric"
                  disabled={tripsLocked}
                  value={tripsLocked ? String(DEFAULT_TRIPS) : tripsText}
                  onChange={(_, data) => setTripsText(data.value.replace(/\D/g, '').slice(0, 5))}
                  onBlur={() => setTripsText(String(trips))}
                />
              </Field>
              <Checkbox
                label={t('selectTransporter.truckRental')}
                checked={truckRental}
                onChange={(_, data) => setTruckRental(data.checked === true)}
              />
            </div>
            <div className={styles.scroll}>
              {options === null ? (
                <Spinner label={t('selectTransporter.loading')} />
              ) : options.length === 0 ? (
                <Text className={styles.empty}>{t('selectTransporter.none')}</Text>
              ) : (
                <Table size="small" className={styles.table} aria-label={t('selectTransporter.options')}>
                  <TableHeader>
                    <TableRow>
                      <TableHeaderCell aria-label={t('selectTransporter.columns.material')} />
                      <TableHeaderCell>{t('selectTransporter.columns.transporter')}</TableHeaderCell>
                      <TableHeaderCell>{t('selectTransporter.columns.truckType')}</TableHeaderCell>
                      <TableHeaderCell>{t('selectTransporter.columns.cost')}</TableHeaderCell>
                      <TableHeaderCell>{t('selectTransporter.columns.per')}</TableHeaderCell>
                      <TableHeaderCell>{t('selectTransporter.columns.uom')}</TableHeaderCell>
                      <TableHeaderCell>{t('selectTransporter.columns.trips')}</TableHeaderCell>
                      <TableHeaderCell>{t('selectTransporter.columns.total')}</TableHeaderCell>
                      <TableHeaderCell>{t('selectTransporter.columns.totalUserTrips')}</TableHeaderCell>
                      <TableHeaderCell>{t('selectTransporter.columns.kg')}</TableHeaderCell>
                      <TableHeaderCell>{t('selectTransporter.columns.recommendedKg')}</TableHeaderCell>
                      <TableHeaderCell aria-label={t('selectTransporter.choose')} />
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {options.map((option) => {
                      const open = expanded.has(option.key);
                      const isSuggested = option === suggested;
                      return (
                        <Fragment key={option.key}>
                          <TableRow className={isSuggested ? styles.suggested : undefined}>
                            <TableCell>
                              <Button
                                appearance="subtle"
                                size="small"
                                icon={open ? <ChevronDown16Regular /> : <ChevronRight16Regular />}
                                aria-expanded={open}
                                aria-label={t(
                                  open
                                    ? 'selectTransporter.hideMaterials'
                                    : 'selectTransporter.showMaterials',
                                  {
                                    name: option.transporter_name,
                                  },
                                )}
                                onClick={() => toggle(option.key)}
                              />
                            </TableCell>
                            <TableCell>
                              {option.transporter_name}{' '}
                              {isSuggested ? (
                                <Badge appearance="filled" color="success" size="small">
                                  {t('selectTransporter.suggested')}
                                </Badge>
                              ) : null}
                            </TableCell>
                            <TableCell>{option.truck_type_name}</TableCell>
                            <TableCell className={styles.number}>{formatMoney(option.cost)}</TableCell>
                            <TableCell>{option.per}</TableCell>
                            <TableCell>{option.uom}</TableCell>
                            <TableCell className={styles.number}>{option.numtrip}</TableCell>
                            <TableCell className={styles.number}>{formatMoney(option.total_cost)}</TableCell>
                            <TableCell className={styles.number}>
                              {formatMoney(option.total_cost_user_not)}
                            </TableCell>
                            <TableCell className={styles.number}>{formatQty(option.total_kg)}</TableCell>
                            <TableCell className={styles.number}>
                              {formatQty(option.recommended_kg)}
                            </TableCell>
                            <TableCell>
                              <Button
                                size="small"
                                appearance={isSuggested ? 'primary' : 'secondary'}
                                aria-label={t('selectTransporter.chooseOption', {
                                  name: option.transporter_name,
                                  truck: option.truck_type_name,
                                })}
                                onClick={() => onPick(option, suggested, trips, truckRental)}
                              >
                                {t('selectTransporter.choose')}
                              </Button>
                            </TableCell>
                          </TableRow>
                          {open
                            ? option.materials.map((material, i) => (
                                <TableRow key={`${option.key}-${i}`} className={styles.materials}>
                                  <TableCell />
                                  <TableCell colSpan={2}>{material.Material_Code}</TableCell>
                                  <TableCell className={styles.number}>{formatQty(material.Qty)}</TableCell>
                                  <TableCell>{material.UOM}</TableCell>
                                  <TableCell colSpan={4} />
                                  <TableCell className={styles.number}>{formatQty(material.kg)}</TableCell>
                                  <TableCell colSpan={2} />
                                </TableRow>
                              ))
                            : null}
                        </Fragment>
                      );
                    })}
                  </TableBody>
                </Table>
              )}
            </div>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common.close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
