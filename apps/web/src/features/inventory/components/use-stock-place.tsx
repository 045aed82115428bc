import { MAIN_LOCATION_ID } from '@smart-zone/types/location';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { defaultPlace, useDefaultLocation } from '../api/default-location';
import { useItemStock } from '../api/get-item-stock';
import { LocationSearch, type PlaceChoice } from './LocationSearch';

/**
 * What a receipt, a removal or a delivery sends as its `locationId`, and how many units are there (a removal's or
 * a delivery's most).
 */
export interface StockPlace {
  /**
   * Undefined: the API's default, the item's default location for a receipt (one nobody re-picked) or else Main
   * (every item whose units are all at Main sends nothing); for a delivery, the locations holding the most first.
   */
  locationId?: string;
  /**
   * Units at that location (the item's quantity while its lines are unknown); 0 for a location holding none. A
   * delivery sent where the most are: the item's quantity.
   */
  held: number;
  /** Whether the person was asked where (a removal's message then says "there"). */
  asked: boolean;
  /** "Another location" is chosen and none is picked yet: nothing may be sent. */
  unpicked: boolean;
}

/** The select's value that opens the search for a location holding none of the item. */
const ELSEWHERE = 'elsewhere';
/** A delivery's first choice: no location sent, the API takes them from the locations holding the most first. */
const WHERE_MOST = 'most';

export const PICK_A_PLACE = 'Pick the location they go to';

/**
 * Where a receipt puts its units or a removal takes them (POST /inventory/:id/stock's `locationId`). Asked only
 * when the item's units are in more than one location: a removal picks one of its lines, a receipt one of them
 * or, by searching, another location. All at one place, nothing is asked: Main is the API's default, the one
 * other location is sent by its id; a receipt may still be put somewhere else (a button that opens the search).
 * An item with a default location (GET /inventory/:id/default-location) receives there unless another place is
 * picked: the form says so and sends no location, as the API then puts them there.
 *
 * A delivery (POST /myitem's `locationId`, issue 34) asks the same way, only when the units are in more than one
 * location: "Where the most are" first (the default, nothing sent: the API takes them from the locations holding
 * the most first, across several), then each line. All at one place, nothing is asked and nothing sent.
 */
export function useStockPlace({
  itemId,
  quantity,
  kind,
  idPrefix,
}: {
  itemId: string;
  quantity: number;
  kind: 'receive' | 'remove' | 'deliver';
  idPrefix: string;
}) {
  const stock = useItemStock(itemId);
  // A delivery never goes to the default location: it is not asked for.
  const fallback = useDefaultLocation(itemId, { enabled: kind !== 'deliver' });
  const lines = stock.data ?? [];
  const [chosen, setChosen] = useState<string>();
  const [elsewhere, setElsewhere] = useState<PlaceChoice>();
  const [searching, setSearching] = useState(false);
  const asked = lines.length > 1;
  // A receipt's default location, where its units go while no other place is picked.
  const preferred = kind === 'receive' ? defaultPlace(fallback.data) : undefined;
  const byDefault = chosen === undefined ? preferred : undefined;
  const picked = lines.find((one) => one.locationId === (byDefault?.locationId ?? chosen));
  const line = picked ?? lines[0];
  const delivering = kind === 'deliver';
  const searchOpen = kind === 'receive' && (asked ? chosen === ELSEWHERE : searching);

  // A delivery with no line picked (or the one picked since emptied) goes where the most are: no location sent.
  const place: StockPlace = delivering
    ? asked && picked
      ? { locationId: picked.locationId, held: picked.quantity, asked: true, unpicked: false }
      : { held: quantity, asked, unpicked: false }
    : searchOpen && elsewhere
      ? { locationId: elsewhere.locationId, held: 0, asked: true, unpicked: false }
      : searchOpen
        ? { held: 0, asked: true, unpicked: true }
        : byDefault
          ? {
              held: line?.locationId === byDefault.locationId ? line.quantity : 0,
              asked,
              unpicked: false,
            }
          : {
              locationId: line && (asked || line.locationId !== MAIN_LOCATION_ID) ? line.locationId : undefined,
              held: line?.quantity ?? (stock.isPending ? quantity : 0),
              asked,
              unpicked: false,
            };
  // Until its lines (and, for a receipt, its default location) are known, the form cannot say where.
  // Offline with nothing kept for the item (a query paused, not pending on the network): the API's default place
  // (Main, or the item's default location), which the change, kept in the outbox, gets when it is sent.
  const known = (query: { isPending: boolean; fetchStatus: string }) =>
    !query.isPending || query.fetchStatus === 'paused';
  const ready = known(stock) && (kind !== 'receive' || known(fallback));

  const id = `${idPrefix}-place`;
  const here = preferred?.path ?? lines[0]?.path ?? 'Main';
  /** The search for another location, or the one picked; `error`: none picked yet when the form was sent. */
  const elsewhereField = (error?: string) =>
    elsewhere ? (
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className="text-break">
          Into <strong>{elsewhere.path}</strong>
        </span>
        <Button variant="outline-secondary" className="touch-target" onClick={() => setElsewhere(undefined)}>
          Change
        </Button>
      </div>
    ) : (
      <LocationSearch id={`${id}-search`} label="Find where they go" onPick={setElsewhere} error={error} />
    );

  const field = (error?: string) =>
    asked ? (
      <div className="mb-3">
        <Form.Group controlId={id}>
          <Form.Label>{kind === 'receive' ? 'Put them at' : 'Take them from'}</Form.Label>
          <Form.Select
            className="tap-target"
            value={
              searchOpen
                ? ELSEWHERE
                : delivering
                  ? (picked?.locationId ?? WHERE_MOST)
                  : (byDefault?.locationId ?? line?.locationId)
            }
            onChange={(event) => setChosen(event.target.value)}
          >
            {delivering && <option value={WHERE_MOST}>Where the most are</option>}
            {lines.map((one) => (
              <option key={one.locationId} value={one.locationId}>
                {one.path} ({one.quantity} there)
              </option>
            ))}
            {preferred && !lines.some((one) => one.locationId === preferred.locationId) && (
              <option value={preferred.locationId}>{preferred.path} (0 there)</option>
            )}
            {kind === 'receive' && <option value={ELSEWHERE}>Another location…</option>}
          </Form.Select>
        </Form.Group>
        {searchOpen && <div className="mt-2">{elsewhereField(error)}</div>}
      </div>
    ) : kind === 'receive' && ready ? (
      <div className="mb-3">
        {searching && elsewhereField(error)}
        <div className="d-flex flex-wrap align-items-center gap-2">
          {!searching && <span className="text-secondary small">Into {here}</span>}
          <Button
            variant="link"
            className="touch-target px-0"
            onClick={() => {
              setSearching(!searching);
              setElsewhere(undefined);
            }}
          >
            {searching ? `Put them at ${here} instead` : 'Somewhere else…'}
          </Button>
        </div>
      </div>
    ) : null;

  return { place, field, ready };
}
