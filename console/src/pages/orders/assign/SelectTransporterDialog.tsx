// The Select Transporter dialog (spec/2 §2.2 "Select Transporter dialog", §9; DESIGN §4 "Freight options"): the
// freight options of the lane for the included lines, from list/transporter_freight, cheapest first with the
// suggested (cheapest) one marked. The trips asked for are empty by default: each option comes at the trips the
// system counts for it (ceil(KG / its truck's capacity)), at which the suggested option needs no reason and no
// approval (issue 27; db/resources/freight-criteria.ts); a number typed (whole trips only: any other key is
// refused) prices every option at it. The individual-truck shipment type locks the trips at the system's. Trips
// and truck rental change the options, so they are asked again. Each option opens onto the materials it was priced
// for, by name. Choosing one hands it back with the suggested option, whose cost becomes the entry's
// freight_suggested. On a phone the table keeps the transporter, its cost and the Choose button in view and puts
// the other figures under the transporter's name.
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
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { ChevronDown16Regular, ChevronRight16Regular } from '@fluentui/react-icons';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TransporterFreightBody, TransporterOption } from '../../../../../db/resources/order-assign';
import { useQuery } from '@tanstack/react-query';
import { Refused, useFailureToast } from '../../../api/answer';
import { api } from '../../../api/client';
import { useNotify } from '../../../shell/notify';
import { formatQty } from '../../../components/grid/format';

/**
 * Whole trips only: a trips input takes digits besides editing and moving keys; any other character key is refused
 * (true), so "2.5" never runs together into 25 unnoticed.
 */
export function refuseNonDigitKey(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  preventDefault: () => void;
}): boolean {
  const refused =
    event.key.length === 1 && !/\d/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey;
  if (refused) event.preventDefault();
  return refused;
}

export interface SelectTransporterDialogProps {
  open: boolean;
  /** The request without trips and truck rental, which the dialog sets. */
  request: Omit<TransporterFreightBody, 'container' | 'truck_rental'> | null;
  /** The individual-truck shipment type: the trips are the system's, the input is locked. */
  tripsLocked: boolean;
  onPick: (
    option: TransporterOption,
    suggested: TransporterOption | undefined,
    /** The trips typed; null: each option's system trips. */
    trips: number | null,
    truckRental: boolean,
  ) => void;
  onClose: () => void;
}

const useStyles = makeStyles({
  surface: {
    width: '75vw',
    maxWidth: '75vw',
    // On a phone the dialog takes the screen's width: 75 % of 390 px leaves no room for a figure.
    '@media (max-width: 599px)': { width: '100vw', maxWidth: '100vw', padding: tokens.spacingHorizontalM },
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
    '@media (max-width: 599px)': { minWidth: 0 },
  },
  // Figures a phone shows under the transporter's name instead of in columns of their own.
  wide: {
    '@media (max-width: 599px)': { display: 'none' },
  },
  narrowOnly: {
    display: 'none',
    '@media (max-width: 599px)': { display: 'block', color: tokens.colorNeutralForeground3 },
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
  // Empty: each option at its system trips.
  const [tripsText, setTripsText] = useState('');
  // The last key refused in the trips (shown until the next digit), so a refused point does not go unnoticed.
  const [refusedKey, setRefusedKey] = useState<string | null>(null);
  const [truckRental, setTruckRental] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const trips = tripsLocked || !tripsText ? null : Math.max(1, Number(tripsText));
  const requestKey = open && request ? JSON.stringify([request, trips, truckRental]) : null;

  // The options of the request as it stands (keyed by all it sends): while another request is out, the old ones
  // do not show; a refusal or a failure shows none and is toasted once.
  const freight = useQuery({
    queryKey: ['list/transporter_freight', requestKey],
    enabled: requestKey !== null,
    queryFn: async () => {
      const body: TransporterFreightBody = {
        ...request!,
        ...(trips === null ? {} : { container: trips }),
        truck_rental: truckRental,
      };
      const res = await api.post<TransporterOption[]>('list/transporter_freight', body);
      // The server answers cheapest first and marks the suggested one.
      if (res.success && Array.isArray(res.data)) return res.data;
      throw new Refused(res.message);
    },
  });
  useFailureToast(freight.error, { notify, title: t('selectTransporter.failed') });
  const options = freight.data ?? (freight.isError ? [] : null);
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
              <Field
                label={t('selectTransporter.trips')}
                hint={t(tripsLocked ? 'selectTransporter.tripsLocked' : 'selectTransporter.tripsHint')}
                validationState={refusedKey ? 'warning' : 'none'}
                validationMessage={
                  refusedKey ? t('selectTransporter.wholeTrips', { key: refusedKey }) : undefined
                }
              >
                <Input
                  className={styles.trips}
                  inputMode="numeric"
                  disabled={tripsLocked}
                  placeholder={t('selectTransporter.systemTrips')}
                  value={tripsLocked ? '' : tripsText}
                  onKeyDown={(event) => {
                    if (refuseNonDigitKey(event)) setRefusedKey(event.key);
                  }}
                  // Whole trips only: a value with anything but digits (pasted) is refused, never run together.
                  onChange={(_, data) => {
                    if (!/^\d{0,5}$/.test(data.value)) return;
                    setTripsText(data.value.replace(/^0+/, ''));
                    setRefusedKey(null);
                  }}
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
                      <TableHeaderCell className={styles.wide}>
                        {t('selectTransporter.columns.truckType')}
                      </TableHeaderCell>
                      <TableHeaderCell>{t('selectTransporter.columns.cost')}</TableHeaderCell>
                      <TableHeaderCell className={styles.wide}>
                        {t('selectTransporter.columns.per')}
                      </TableHeaderCell>
                      <TableHeaderCell className={styles.wide}>
                        {t('selectTransporter.columns.uom')}
                      </TableHeaderCell>
                      <TableHeaderCell className={styles.wide}>
                        {t('selectTransporter.columns.trips')}
                      </TableHeaderCell>
                      <TableHeaderCell className={styles.wide}>
                        {t('selectTransporter.columns.total')}
                      </TableHeaderCell>
                      <TableHeaderCell className={styles.wide}>
                        {t('selectTransporter.columns.totalUserTrips')}
                      </TableHeaderCell>
                      <TableHeaderCell className={styles.wide}>
                        {t('selectTransporter.columns.kg')}
                      </TableHeaderCell>
                      <TableHeaderCell className={styles.wide}>
                        {t('selectTransporter.columns.recommendedKg')}
                      </TableHeaderCell>
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
                              <Text size={200} className={styles.narrowOnly}>
                                {t('selectTransporter.narrowFigures', {
                                  truck: option.truck_type_name,
                                  per: option.per,
                                  trips: option.numtrip,
                                  total: formatMoney(option.total_cost_user_not),
                                })}
                              </Text>
                            </TableCell>
                            <TableCell className={styles.wide}>{option.truck_type_name}</TableCell>
                            <TableCell className={styles.number}>{formatMoney(option.cost)}</TableCell>
                            <TableCell className={styles.wide}>{option.per}</TableCell>
                            <TableCell className={styles.wide}>{option.uom}</TableCell>
                            <TableCell className={mergeClasses(styles.number, styles.wide)}>
                              {option.numtrip}
                            </TableCell>
                            <TableCell className={mergeClasses(styles.number, styles.wide)}>
                              {formatMoney(option.total_cost)}
                            </TableCell>
                            <TableCell className={mergeClasses(styles.number, styles.wide)}>
                              {formatMoney(option.total_cost_user_not)}
                            </TableCell>
                            <TableCell className={mergeClasses(styles.number, styles.wide)}>
                              {formatQty(option.total_kg)}
                            </TableCell>
                            <TableCell className={mergeClasses(styles.number, styles.wide)}>
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
                                  <TableCell colSpan={2}>
                                    {material.material_name || material.Material_Code}
                                    <Text size={200} className={styles.narrowOnly}>
                                      {`${formatQty(material.Qty)} ${material.UOM} · ${formatQty(material.kg)} KG`}
                                    </Text>
                                  </TableCell>
                                  <TableCell className={mergeClasses(styles.number, styles.wide)}>
                                    {formatQty(material.Qty)}
                                  </TableCell>
                                  <TableCell className={styles.wide}>{material.UOM}</TableCell>
                                  <TableCell colSpan={4} className={styles.wide} />
                                  <TableCell className={mergeClasses(styles.number, styles.wide)}>
                                    {formatQty(material.kg)}
                                  </TableCell>
                                  <TableCell colSpan={2} className={styles.wide} />
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
