// The styled native select moved to components/ui, where every feature may use it.
export { NativeSelect } from '#web/components/ui/native-select.tsx';
