import { ClosingCtaSection } from "~/components/landing/closing-cta-section";
import { HeroSection } from "~/components/landing/hero-section";
import { HowItWorksSection } from "~/components/landing/how-it-works-section";
import { WhyChooseSection } from "~/components/landing/why-choose-section";

export default function Landing() {
  return (
    <>
      <HeroSection />
      <WhyChooseSection />
      <HowItWorksSection />
      <ClosingCtaSection />
    </>
  );
}
