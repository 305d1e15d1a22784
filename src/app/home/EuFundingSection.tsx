import { euFundingLogos, euFundingNotice } from '../../data/euFunding.ts';
import { messages } from '../../messages.ts';
import { EuFunding } from '../../views/EuFunding.tsx';
import { HomeSection } from '../../views/HomePage.tsx';

export function EuFundingSection() {
  return (
    <HomeSection id="eu-fondovi" title={messages.home.euFunding} tinted>
      <EuFunding logos={euFundingLogos} notice={euFundingNotice} />
    </HomeSection>
  );
}
