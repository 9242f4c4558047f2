// refine's react-query client, ours so that logging out can drop every cached answer.
import { QueryClient } from "@tanstack/react-query";
import { registerSignedInCache } from "./signed-in-caches";

export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: false } },
});

registerSignedInCache(() => queryClient.clear());
