export default function Placeholder(_props: Record<string, unknown>) {
  return null;
}
