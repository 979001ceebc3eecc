/** Parcel carriers the shop ships with, and where a shopper follows a parcel. */

export interface Carrier {
  id: string;
  name: string;
  /** Tracking page with `{number}` for the tracking number. */
  trackingUrl: string;
}

export const CARRIERS: readonly Carrier[] = [
  {
    id: "dhl",
    name: "DHL",
    trackingUrl: "https://www.dhl.de/de/privatkunden/dhl-sendungsverfolgung.html?piececode={number}",
  },
  { id: "dpd", name: "DPD", trackingUrl: "https://tracking.dpd.de/status/de_DE/parcel/{number}" },
  { id: "ups", name: "UPS", trackingUrl: "https://www.ups.com/track?tracknum={number}" },
  {
    id: "hermes",
    name: "Hermes",
    trackingUrl: "https://www.myhermes.de/empfangen/sendungsverfolgung/sendungsinformation#{number}",
  },
  { id: "post-at", name: "Österreichische Post", trackingUrl: "https://www.post.at/s/sendungsdetails?snr={number}" },
  { id: "post-ch", name: "Die Post", trackingUrl: "https://service.post.ch/ekp-web/ui/entry/search/{number}" },
];

export function carrierById(id: string): Carrier | undefined {
  const key = id.trim().toLowerCase();
  return CARRIERS.find((c) => c.id === key || c.name.toLowerCase() === key);
}

export function carrierName(id: string): string {
  return carrierById(id)?.name ?? id;
}

export function trackingUrl(carrier: string, trackingNumber: string): string | null {
  const known = carrierById(carrier);
  return known ? known.trackingUrl.replace("{number}", encodeURIComponent(trackingNumber)) : null;
}
