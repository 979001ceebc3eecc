import { Icon, type IconProps } from "./Icon.tsx";

/*
 * The shop's line icons (24×24; drawings/ui.tsx): basket, wishlist, delivery, return, search, store finder, plus
 * the few the header, drawers and checkout need. All take `IconProps`.
 */

export const BasketIcon = (props: IconProps) => <Icon set="ui" symbol="basket" {...props} />;
export const WishlistIcon = ({ filled, ...props }: IconProps & { filled?: boolean }) => (
  <Icon set="ui" symbol={filled ? "wishlist-filled" : "wishlist"} {...props} />
);
export const DeliveryIcon = (props: IconProps) => <Icon set="ui" symbol="delivery" {...props} />;
export const ReturnIcon = (props: IconProps) => <Icon set="ui" symbol="return" {...props} />;
export const SearchIcon = (props: IconProps) => <Icon set="ui" symbol="search" {...props} />;
export const StoreFinderIcon = (props: IconProps) => <Icon set="ui" symbol="store-finder" {...props} />;
export const AccountIcon = (props: IconProps) => <Icon set="ui" symbol="account" {...props} />;
export const MenuIcon = (props: IconProps) => <Icon set="ui" symbol="menu" {...props} />;
export const CloseIcon = (props: IconProps) => <Icon set="ui" symbol="close" {...props} />;
export const ChevronIcon = ({ direction = "down", ...props }: IconProps & { direction?: "down" | "right" | "up" }) => (
  <Icon set="ui" symbol={`chevron-${direction}`} {...props} />
);
export const LocationIcon = (props: IconProps) => <Icon set="ui" symbol="location" {...props} />;
export const ClockIcon = (props: IconProps) => <Icon set="ui" symbol="clock" {...props} />;
export const LockIcon = (props: IconProps) => <Icon set="ui" symbol="lock" {...props} />;
