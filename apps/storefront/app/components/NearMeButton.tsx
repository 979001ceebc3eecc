import { useState } from "react";
import { useNavigate } from "react-router";
import { useT } from "../i18n/i18n.tsx";
import { Button } from "./Button.tsx";
import { LocationIcon } from "./icons/ui.tsx";

/** Position precision in the URL: two decimals (about 1 km) are enough to find the nearest store. */
const DECIMALS = 2;

/**
 * "Stores near me": asks the browser for the position and reloads the store finder with `?lat=&lng=`, where
 * the server lists the nearest stores. Needs JavaScript (and the shopper's consent), so it is hidden without it.
 */
export function NearMeButton() {
  const t = useT();
  const navigate = useNavigate();
  const [state, setState] = useState<"idle" | "locating" | "unavailable">("idle");
  const locate = () => {
    if (!("geolocation" in navigator)) {
      setState("unavailable");
      return;
    }
    setState("locating");
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setState("idle");
        const lat = position.coords.latitude.toFixed(DECIMALS);
        const lng = position.coords.longitude.toFixed(DECIMALS);
        navigate(`?lat=${lat}&lng=${lng}`);
      },
      () => setState("unavailable"),
      { maximumAge: 600_000, timeout: 10_000 },
    );
  };
  return (
    <div className="near-me js-only">
      <Button variant="secondary" icon={<LocationIcon size={18} />} loading={state === "locating"} onClick={locate}>
        {state === "locating" ? t("location.locating") : t("location.near_me")}
      </Button>
      <p className="near-me__message" role="status">
        {state === "unavailable" ? t("location.position_unavailable") : ""}
      </p>
    </div>
  );
}
