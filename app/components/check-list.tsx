import { Icon } from "~/components/ui/icon";

/** A list of what is included, each item with a check mark (pricing, checkout, sample card). */
export function CheckList({ items, className = "space-y-2" }: { items: string[]; className?: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <Icon name="check-bold" className="mt-1 h-5 w-5 flex-none text-sage-700" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
